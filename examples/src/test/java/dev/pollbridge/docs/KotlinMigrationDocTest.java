package dev.pollbridge.docs;

import dev.pollbridge.completablefuture.CompletableFutureBridge;
import dev.pollbridge.reactor.FluxBridge;
import dev.pollbridge.reactor.MonoBridge;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** The Java side of docs/migration-from-kotlin.md, run. */
class KotlinMigrationDocTest {

    record User(long id, String name) {}

    static final class Users {
        Mono<User> find(long id) {
            return Mono.just(new User(id, "ada")).delayElement(Duration.ofMillis(10));
        }
    }

    static final class Avatars {
        CompletableFuture<String> urlOf(User user) {
            return CompletableFuture.supplyAsync(() -> "https://example.org/" + user.name() + ".png");
        }
    }

    @Test
    void sideBySide() {
        Users users = new Users();
        Avatars avatars = new Avatars();
        long id = 1;
        try (PollRuntime runtime = PollRuntime.builder().workers(2).build()) {
            // tag::side-by-side[]
            Mono<String> profile = MonoBridge.mono(() -> {
                User user = MonoBridge.await(users.find(id).single());           // awaitSingle()
                String avatar = Async.await(CompletableFutureBridge.toPollFuture(avatars.urlOf(user))); // await()
                return user.name() + " " + avatar;
            }, runtime);

            Flux<User> everyone = FluxBridge.flux(emitter -> {
                for (long next = 1; next <= 3; next++) {
                    emitter.emit(MonoBridge.await(users.find(next)));             // send(...)
                }
            }, runtime);
            // end::side-by-side[]
            StepVerifier.create(profile).expectNext("ada https://example.org/ada.png").verifyComplete();
            StepVerifier.create(everyone.map(User::id)).expectNext(1L, 2L, 3L).verifyComplete();
        }
    }
}
