package dev.pollbridge.spring.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

/**
 * Each Surefire execution of this module runs on the reactor-core it names: the project's
 * (reactor.version) in the default one, Spring Boot's (spring-boot.reactor.version) in
 * boot-managed-reactor. Without this check a broken class-path swap would go unnoticed.
 */
class ReactorOnTheClassPathTest {

    @Test
    void theReactorCoreJarIsTheExpectedVersion() throws Exception {
        String expected = System.getProperty("pollbridge.expected.reactor.version");
        Path jar = Path.of(Flux.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertEquals("reactor-core-" + expected + ".jar", jar.getFileName().toString());
    }
}
