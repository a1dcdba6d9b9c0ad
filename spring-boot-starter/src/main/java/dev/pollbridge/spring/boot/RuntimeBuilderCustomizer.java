package dev.pollbridge.spring.boot;

import dev.pollbridge.runtime.PollRuntimeBuilder;

/**
 * A bean that adjusts the {@link PollRuntimeBuilder} of the application's runtime, for what
 * {@code pollbridge.*} properties cannot carry: a {@code Clock}, a {@code ThreadFactory}, an
 * uncaught-failure handler that reports to your error tracker. Customizers run after the
 * properties were applied, in {@code @Order} order, on the thread that creates the runtime bean
 * (start-up), and only when the starter makes the runtime: a {@code PollRuntime} bean of your own is
 * left as you built it.
 */
@FunctionalInterface
public interface RuntimeBuilderCustomizer {

    /**
     * Adjusts the builder. A setter that refuses its argument fails the application's start-up.
     *
     * @param builder the builder, with the {@code pollbridge.*} properties applied
     */
    void customize(PollRuntimeBuilder builder);
}
