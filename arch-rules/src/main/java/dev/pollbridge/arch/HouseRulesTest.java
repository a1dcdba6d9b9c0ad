package dev.pollbridge.arch;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import java.lang.module.ModuleDescriptor;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The {@link HouseRules} as a test: a module subclasses it in its test sources, names one of its
 * main classes, and runs every rule on its main classes. Rules that need a module descriptor (the
 * module's own, core-runtime's) are vacuous where there is none.
 */
public abstract class HouseRulesTest {

    private JavaClasses classes;

    /** Protected: a module's test subclasses it. */
    protected HouseRulesTest() {}

    /**
     * One main class of the module under test: the rules read the classes (and module-info) of the
     * directory or jar it was loaded from.
     *
     * @return a main class of the module
     */
    protected abstract Class<?> anchor();

    /**
     * Exported packages that hold values the engine fills or reads, which {@code ..internal..}
     * may import; none by default.
     *
     * @return the value packages of the module
     */
    protected Set<String> valuePackages() {
        return Set.of();
    }

    /**
     * Unexported packages that sit above the facade, not below it: adapter support that reaches
     * the runtime through its public API only (as an adapter does), and is unexported because it
     * is not for users. Exempt from {@link #internalImportsNoFacade}, not from the cycle rule.
     *
     * @return package names
     */
    protected Set<String> bridgeLayerPackages() {
        return Set.of();
    }

    /**
     * Facade classes the engine still imports, named as debt: ignored by the cycle and the
     * internal rules. None by default; every name here is a known exception, listed in the docs.
     *
     * @return fully qualified class names
     */
    protected Set<String> knownEngineToFacade() {
        return Set.of();
    }

    private JavaClasses classes() {
        if (classes == null) {
            classes = HouseRules.mainClassesOf(anchor());
        }
        return classes;
    }

    private DescribedPredicate<JavaClass> debt() {
        Set<String> names = knownEngineToFacade();
        return DescribedPredicate.describe("known engine-to-facade debt " + names,
                c -> names.contains(c.getName()) || names.contains(outermost(c).getName()));
    }

    private static JavaClass outermost(JavaClass c) {
        JavaClass outer = c;
        while (outer.getEnclosingClass().isPresent()) {
            outer = outer.getEnclosingClass().get();
        }
        return outer;
    }

    /** No package of the module imports itself back through others. */
    @Test
    public void noPackageCycle() {
        HouseRules.noPackageCycle(debt()).check(classes());
    }

    /** Nothing in an internal package imports the module's facade packages. */
    @Test
    public void internalImportsNoFacade() {
        HouseRules.internalImportsNoFacade(HouseRules.facadePackages(module(), valuePackages()),
                bridgeLayerPackages(), debt()).check(classes());
    }

    /** The module uses only the runtime packages core-runtime exports to it (vacuous without the runtime). */
    @Test
    public void usesOnlyExportedRuntimePackages() {
        Optional<ModuleDescriptor> runtime = runtimeDescriptor();
        if (runtime.isPresent()) {
            HouseRules.usesOnlyExportedRuntimePackages(module(), runtime.get()).check(classes());
        }
    }

    /** The module's descriptor: every module these rules run in has a module-info. */
    private ModuleDescriptor module() {
        return HouseRules.descriptorOf(anchor())
                .orElseThrow(() -> new AssertionError("no module-info.class beside " + anchor()));
    }

    private Optional<ModuleDescriptor> runtimeDescriptor() {
        try {
            Class<?> runtime = Class.forName("dev.pollbridge.runtime.PollRuntime", false, anchor().getClassLoader());
            return HouseRules.descriptorOf(runtime);
        } catch (ClassNotFoundException notOnThePath) {
            return Optional.empty(); // the module cannot use the runtime at all
        }
    }
}
