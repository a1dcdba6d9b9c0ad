package dev.pollbridge.spring.boot.app;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.PollRuntime;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** Returns a {@code PollFuture}: the starter's adapters hand it to a worker of the runtime bean. */
@RestController
class GreetingController {

    /** The runtime that polled the last greeting (PollRuntime.current() inside the poll). */
    final AtomicReference<Optional<PollRuntime>> pollingRuntime = new AtomicReference<>(Optional.empty());
    /** The names asked for, in order. */
    final List<String> names = new CopyOnWriteArrayList<>();

    @GetMapping("/greetings/{name}")
    PollFuture<Greeting> greet(@PathVariable("name") String name) {
        names.add(name);
        return Futures.defer(() -> {
            pollingRuntime.set(PollRuntime.current());
            return Futures.ready(new Greeting(name, "Hello, " + name, Thread.currentThread().getName()));
        });
    }
}
