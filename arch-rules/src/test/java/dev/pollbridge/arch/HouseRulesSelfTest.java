package dev.pollbridge.arch;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.lang.module.ModuleDescriptor;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Each house rule fails on a fixture that breaks it, and passes on one that keeps it. */
class HouseRulesSelfTest {

    private static final String FIXTURE = "dev.pollbridge.arch.fixture";
    private static final String LAYERED = FIXTURE + ".layered";

    private static JavaClasses classes(String... packages) {
        return new ClassFileImporter().importPackages(packages);
    }

    @Test
    void aPackageCycleFails() {
        AssertionError error = assertThrows(AssertionError.class,
                () -> HouseRules.noPackageCycle().check(classes(FIXTURE + ".cycle")));
        assertTrue(error.getMessage().contains("Cycle detected"), error.getMessage());
        assertDoesNotThrow(() -> HouseRules.noPackageCycle().check(classes(LAYERED + ".values")));
    }

    @Test
    void aPublicTypeNamedAsAJavaLangTypeFails() {
        AssertionError error = assertThrows(AssertionError.class,
                () -> HouseRules.noPublicTypeShadowsJavaLang().check(classes(FIXTURE + ".shadow")));
        assertTrue(error.getMessage().contains("shadow.Runtime shadows java.lang.Runtime"), error.getMessage());
        assertTrue(!error.getMessage().contains("PollRuntime"), "a name java.lang does not have passes: " + error.getMessage());
    }

    @Test
    void internalImportingTheFacadeFails() {
        AssertionError error = assertThrows(AssertionError.class,
                () -> HouseRules.internalImportsNoFacade(Set.of(LAYERED))
                        .check(classes(LAYERED)));
        assertTrue(error.getMessage().contains("BackStairs"), error.getMessage());
        assertTrue(!error.getMessage().contains("Engine.value"), "the value package is allowed: " + error.getMessage());
    }

    @Test
    void usingAPackageTheRuntimeDoesNotExportFails() {
        ModuleDescriptor runtime = ModuleDescriptor.newModule("fixture.runtime")
                .packages(Set.of(LAYERED, LAYERED + ".internal", LAYERED + ".values"))
                .exports(LAYERED)
                .exports(Set.of(), LAYERED + ".internal", Set.of("fixture.friend"))
                .build();
        JavaClasses adapter = classes(FIXTURE + ".adapter");
        AssertionError error = assertThrows(AssertionError.class, () -> HouseRules.usesOnlyExportedRuntimePackages(
                ModuleDescriptor.newModule("fixture.stranger").build(), runtime).check(adapter));
        assertTrue(error.getMessage().contains("Adapter.engine"), error.getMessage());
        assertTrue(!error.getMessage().contains("Adapter.facade"), "the unqualified export is allowed: " + error.getMessage());
        // A descriptor javac wrote lists only the exported packages: the rest is found by name.
        ModuleDescriptor compiled = ModuleDescriptor.newModule(LAYERED).exports(LAYERED).build();
        AssertionError unlisted = assertThrows(AssertionError.class, () -> HouseRules.usesOnlyExportedRuntimePackages(
                ModuleDescriptor.newModule("fixture.stranger").build(), compiled).check(adapter));
        assertTrue(unlisted.getMessage().contains("Adapter.engine"), unlisted.getMessage());
        // The module the qualified export names may use it.
        assertDoesNotThrow(() -> HouseRules.usesOnlyExportedRuntimePackages(
                ModuleDescriptor.newModule("fixture.friend").build(), runtime).check(adapter));
    }
}
