package dev.pollbridge.arch;

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

    private JavaClasses classes() {
        if (classes == null) {
            classes = HouseRules.mainClassesOf(anchor());
        }
        return classes;
    }

    /** No package of the module imports itself back through others. */
    @Test
    public void noPackageCycle() {
        HouseRules.noPackageCycle().check(classes());
    }

    /** Nothing in an internal package imports the module's facade packages. */
    @Test
    public void internalImportsNoFacade() {
        HouseRules.internalImportsNoFacade(HouseRules.facadePackages(module(), valuePackages())).check(classes());
    }

    /** No public type of the module needs a warning because {@code java.lang} has its name. */
    @Test
    public void noPublicTypeShadowsJavaLang() {
        HouseRules.noPublicTypeShadowsJavaLang().check(classes());
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
