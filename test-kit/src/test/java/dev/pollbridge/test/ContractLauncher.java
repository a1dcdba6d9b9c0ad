package dev.pollbridge.test;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs a contract test class through the JUnit Platform launcher, as a build would, and reports
 * which of its checks passed, failed and were skipped. The deliberately broken subjects run only
 * this way: {@link OnlyWhenLaunched} keeps them out of the normal test run.
 */
final class ContractLauncher {

    static final String LAUNCHED = "pollbridge.test.broken-subjects";

    private ContractLauncher() {}

    /** The outcome of one launched contract class, by check (test method) name. */
    record Outcome(Set<String> passed, Set<String> failed, Set<String> skipped) {}

    static Outcome run(Class<?> contractClass) {
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClass(contractClass))
                .configurationParameter(LAUNCHED, "true")
                .build();
        Outcome outcome = new Outcome(new TreeSet<>(), new TreeSet<>(), new TreeSet<>());
        Launcher launcher = LauncherFactory.create();
        launcher.execute(request, new TestExecutionListener() {
            @Override
            public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                if (!test.isTest()) {
                    return;
                }
                String check = check(test);
                switch (result.getStatus()) {
                    case SUCCESSFUL -> outcome.passed().add(check);
                    case FAILED -> outcome.failed().add(check);
                    case ABORTED -> outcome.skipped().add(check);
                }
            }

            @Override
            public void executionSkipped(TestIdentifier test, String reason) {
                if (test.isTest()) {
                    outcome.skipped().add(check(test));
                }
            }
        });
        return outcome;
    }

    private static String check(TestIdentifier test) {
        return test.getSource().filter(MethodSource.class::isInstance).map(MethodSource.class::cast)
                .map(MethodSource::getMethodName).orElse(test.getDisplayName());
    }

    /** Enables a class only when {@link ContractLauncher} runs it. */
    static final class OnlyWhenLaunched implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            return context.getConfigurationParameter(LAUNCHED, Boolean::parseBoolean).orElse(false)
                    ? ConditionEvaluationResult.enabled("launched by the kit's own test")
                    : ConditionEvaluationResult.disabled("a deliberately broken subject; only the kit's own test runs it");
        }
    }
}
