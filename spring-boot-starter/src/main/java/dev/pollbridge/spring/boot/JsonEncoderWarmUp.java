package dev.pollbridge.spring.boot;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.core.ResolvableType;
import org.springframework.core.codec.Encoder;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.MediaType;
import org.springframework.http.codec.EncoderHttpMessageWriter;
import org.springframework.http.codec.HttpMessageWriter;
import org.springframework.http.codec.ServerCodecConfigurer;

/**
 * Encodes a small sample value with every JSON encoder of a WebFlux application
 * ({@link ServerCodecConfigurer}) once, at start-up: after every singleton exists and before the
 * context's lifecycle starts the web server ({@code pollbridge.warm-up.json}).
 *
 * <p><b>Why.</b> In WebFlux the value of a {@code PollFuture} is encoded inside the poll that
 * delivers it, on a runtime worker. The first JSON encoding of a JVM loads and initialises the
 * encoder's machinery (Jackson's generator and serializer factories), which took 0.1 to 0.6 s in
 * the starter's test application: a slow poll that blocks the worker's other tasks and is
 * reported ({@code WARN slow poll ...}). Done here, on the starting thread, most of that cost
 * moves to start-up; the rest of the first request's one-time work (the serializer of its own
 * type, the first observation of the request) stays in its poll. See
 * {@code docs/spring.md#slow-polls-at-start-up}.
 *
 * <p>Best effort: an encoder that fails here is logged and skipped; start-up goes on.
 */
final class JsonEncoderWarmUp implements SmartInitializingSingleton {

    private static final System.Logger LOGGER = System.getLogger(JsonEncoderWarmUp.class.getName());
    /**
     * A record (the bean-serializer machinery that the first response type needs) of strings,
     * numbers, booleans, a list and a map (the common serializers).
     */
    static final Sample SAMPLE = new Sample("pollbridge", 1, 0.5, List.of(true, false), Map.of("id", 7L));
    private static final ResolvableType SAMPLE_TYPE = ResolvableType.forClass(Sample.class);

    private final ObjectProvider<ServerCodecConfigurer> codecs;

    JsonEncoderWarmUp(ObjectProvider<ServerCodecConfigurer> codecs) {
        this.codecs = Objects.requireNonNull(codecs, "codecs");
    }

    @Override
    public void afterSingletonsInstantiated() {
        ServerCodecConfigurer configurer = codecs.getIfAvailable();
        if (configurer == null) {
            return;
        }
        for (HttpMessageWriter<?> writer : configurer.getWriters()) {
            if (writer instanceof EncoderHttpMessageWriter<?> encoding
                    && encoding.getEncoder().canEncode(SAMPLE_TYPE, MediaType.APPLICATION_JSON)) {
                warmUp(encoding.getEncoder());
            }
        }
    }

    @SuppressWarnings("unchecked") // canEncode(Sample, JSON) said it takes a Sample
    private static void warmUp(Encoder<?> encoder) {
        try {
            DataBufferUtils.release(((Encoder<Object>) encoder).encodeValue(SAMPLE, DefaultDataBufferFactory.sharedInstance,
                    SAMPLE_TYPE, MediaType.APPLICATION_JSON, Map.of()));
        } catch (RuntimeException | LinkageError failure) {
            LOGGER.log(System.Logger.Level.WARNING, "Pollbridge's JSON warm-up (pollbridge.warm-up.json) failed in "
                    + encoder + "; start-up goes on", failure);
        }
    }

    /** The warm-up's value; public accessors, so that any JSON library can read it. */
    record Sample(String name, int count, double ratio, List<Boolean> flags, Map<String, Long> nested) {}
}
