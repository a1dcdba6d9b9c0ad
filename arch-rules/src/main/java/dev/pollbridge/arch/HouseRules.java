package dev.pollbridge.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.lang.module.ModuleDescriptor;
import java.net.URI;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The layering rules of the house, by package, never by class name, so they hold for code not yet
 * written:
 * <ol>
 *   <li>{@link #noPackageCycle}: the packages of a module import each other one way only;</li>
 *   <li>{@link #internalImportsNoFacade}: nothing in an {@code ..internal..} package imports a
 *       package the module exports (its facade), except the value packages the engine fills;</li>
 *   <li>{@link #usesOnlyExportedRuntimePackages}: a module uses only the {@code dev.pollbridge.runtime}
 *       packages core-runtime exports to it (its unqualified exports, and the qualified ones that
 *       name the module).</li>
 *   <li>{@link #noPublicTypeShadowsJavaLang}: no public type has the simple name of a public
 *       {@code java.lang} type, which every Java file imports implicitly (a user would need a
 *       single-type import to use ours).</li>
 * </ol>
 * Data then flows one way: adapter, bridge, runtime facade, engine, value packages.
 */
public final class HouseRules {

    /** The module name of core-runtime. */
    public static final String RUNTIME_MODULE = "dev.pollbridge.runtime";

    private HouseRules() {}

    /** Every package of the module is a slice; no slice may reach itself through others. */
    public static ArchRule noPackageCycle() {
        return slices().matching("dev.pollbridge.(**)").namingSlices("$1")
                .should().beFreeOfCycles()
                .allowEmptyShould(true);
    }

    /**
     * Classes in {@code ..internal..} packages depend on no class of {@code facadePackages} (the
     * module's exported packages minus its value packages). There is no list of exceptions.
     */
    public static ArchRule internalImportsNoFacade(Set<String> facadePackages) {
        DescribedPredicate<JavaClass> inFacade = DescribedPredicate.describe(
                "are in a facade package " + facadePackages,
                c -> facadePackages.contains(c.getPackageName()));
        DescribedPredicate<JavaClass> engine = DescribedPredicate.describe(
                "are in an internal package",
                c -> ("." + c.getPackageName() + ".").contains(".internal."));
        return noClasses().that(engine)
                .should().dependOnClassesThat(inFacade)
                .allowEmptyShould(true);
    }

    /** No public top-level class has the simple name of a public {@code java.lang} class. */
    public static ArchRule noPublicTypeShadowsJavaLang() {
        return classes().should(new ArchCondition<JavaClass>("not have the simple name of a public java.lang type") {
            @Override
            public void check(JavaClass type, ConditionEvents events) {
                if (type.isTopLevelClass() && type.getModifiers().contains(JavaModifier.PUBLIC)
                        && isPublicInJavaLang(type.getSimpleName())) {
                    events.add(SimpleConditionEvent.violated(type,
                            type.getName() + " shadows java.lang." + type.getSimpleName()));
                }
            }
        }).allowEmptyShould(true);
    }

    private static boolean isPublicInJavaLang(String simpleName) {
        try {
            Class<?> lang = Class.forName("java.lang." + simpleName, false, ClassLoader.getPlatformClassLoader());
            return Modifier.isPublic(lang.getModifiers());
        } catch (ClassNotFoundException none) {
            return false;
        }
    }

    /**
     * No class depends on a class of a {@code dev.pollbridge.runtime} package that {@code runtime}
     * does not export to {@code module}. Vacuous for core-runtime itself.
     */
    public static ArchRule usesOnlyExportedRuntimePackages(ModuleDescriptor module, ModuleDescriptor runtime) {
        Set<String> allowed = exportedTo(runtime, module.name());
        String self = module.name();
        DescribedPredicate<JavaClass> hidden = DescribedPredicate.describe(
                "are in a package of " + runtime.name() + " not exported to " + self + " (exported: " + allowed + ")",
                c -> !self.equals(runtime.name()) && ownedBy(runtime, c.getPackageName())
                        && !allowed.contains(c.getPackageName()));
        return noClasses().should().dependOnClassesThat(hidden).allowEmptyShould(true);
    }

    /**
     * Whether {@code pkg} belongs to {@code module}: one of its known packages, or under its name
     * (a {@code module-info.class} written by javac lists only the exported and opened packages).
     */
    private static boolean ownedBy(ModuleDescriptor module, String pkg) {
        return module.packages().contains(pkg) || pkg.equals(module.name()) || pkg.startsWith(module.name() + ".");
    }

    /** The packages {@code exporter} exports to everybody, and those it exports to {@code module} by name. */
    public static Set<String> exportedTo(ModuleDescriptor exporter, String module) {
        Set<String> packages = new HashSet<>();
        for (ModuleDescriptor.Exports exports : exporter.exports()) {
            if (!exports.isQualified() || exports.targets().contains(module)) {
                packages.add(exports.source());
            }
        }
        return packages;
    }

    /** The exported packages of {@code module} minus {@code valuePackages}, and minus internal ones. */
    public static Set<String> facadePackages(ModuleDescriptor module, Set<String> valuePackages) {
        Set<String> facade = new HashSet<>();
        for (ModuleDescriptor.Exports exports : module.exports()) {
            String pkg = exports.source();
            if (!valuePackages.contains(pkg) && !("." + pkg + ".").contains(".internal.")) {
                facade.add(pkg);
            }
        }
        return facade;
    }

    /** The main classes of the module {@code anchor} was loaded from (its classes directory or jar). */
    public static JavaClasses mainClassesOf(Class<?> anchor) {
        return new ClassFileImporter().importLocations(List.of(Location.of(codeSource(anchor))));
    }

    /** The module descriptor of the module {@code anchor} was loaded from, read from its {@code module-info.class}. */
    public static Optional<ModuleDescriptor> descriptorOf(Class<?> anchor) {
        URL location = codeSource(anchor);
        try {
            Path path = Path.of(location.toURI());
            if (Files.isDirectory(path)) {
                Path info = path.resolve("module-info.class");
                if (!Files.exists(info)) {
                    return Optional.empty();
                }
                try (InputStream in = Files.newInputStream(info)) {
                    return Optional.of(ModuleDescriptor.read(in));
                }
            }
            try (FileSystem jar = FileSystems.newFileSystem(URI.create("jar:" + path.toUri()), Map.of())) {
                Path info = jar.getPath("module-info.class");
                if (!Files.exists(info)) {
                    return Optional.empty();
                }
                try (InputStream in = Files.newInputStream(info)) {
                    return Optional.of(ModuleDescriptor.read(in));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException("not a file: " + location, e);
        }
    }

    private static URL codeSource(Class<?> anchor) {
        return Objects.requireNonNull(anchor.getProtectionDomain().getCodeSource(), "no code source: " + anchor)
                .getLocation();
    }
}
