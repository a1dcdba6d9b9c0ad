/**
 * Micrometer context-propagation for Pollbridge: a {@code ThreadLocalAccessor} for
 * {@code TaskLocal}s, and futures and streams that carry a {@code ContextSnapshot} from where
 * they were made into every poll. The public package is {@link dev.pollbridge.context}.
 *
 * <p>context-propagation's jar is an automatic module ({@code context.propagation}), required
 * transitively because its types appear in the public API.
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module dev.pollbridge.context {
    requires transitive dev.pollbridge.runtime;
    requires transitive context.propagation;

    exports dev.pollbridge.context;

    // Carries the registry's thread-locals (MDC, tracing) into Async bodies.
    provides dev.pollbridge.runtime.internal.async.ThreadCarrier with dev.pollbridge.context.RegistryCarrier;
}
