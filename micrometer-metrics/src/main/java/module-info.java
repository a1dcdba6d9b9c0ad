/**
 * A Micrometer {@code MeterBinder} for Pollbridge runtimes: {@link dev.pollbridge.micrometer.RuntimeMetricsBinder}.
 *
 * <p>Micrometer's jar is an automatic module ({@code micrometer.core}), required transitively
 * because {@code MeterBinder} and {@code Tag} appear in the public API.
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module dev.pollbridge.micrometer {
    requires transitive dev.pollbridge.runtime;
    requires transitive micrometer.core;

    exports dev.pollbridge.micrometer;
}
