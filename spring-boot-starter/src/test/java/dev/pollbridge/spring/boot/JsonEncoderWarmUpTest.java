package dev.pollbridge.spring.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.core.ResolvableType;
import org.springframework.core.codec.Encoder;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferFactory;
import org.springframework.http.MediaType;
import org.springframework.http.codec.ServerCodecConfigurer;
import org.springframework.util.MimeType;
import reactor.core.publisher.Flux;

/** The start-up JSON warm-up: which encoders it runs, when it runs, and that it never fails start-up. */
class JsonEncoderWarmUpTest {

    private final ReactiveWebApplicationContextRunner reactive = new ReactiveWebApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(PollbridgeWarmUpAutoConfiguration.class));

    @Test
    void eachJsonEncoderEncodesTheSampleOnceBeforeTheApplicationRuns() {
        RecordingEncoder json = new RecordingEncoder(MediaType.APPLICATION_JSON, false);
        RecordingEncoder xml = new RecordingEncoder(MediaType.APPLICATION_XML, false);
        reactive.withBean(ServerCodecConfigurer.class, () -> codecs(json, xml)).run(context -> {
            assertNull(context.getStartupFailure());
            assertEquals(List.<Object>of(JsonEncoderWarmUp.SAMPLE), json.encoded);
            assertEquals(List.of(), xml.encoded, "not a JSON encoder");
        });
    }

    @Test
    void aFailingEncoderIsSkippedAndStartUpGoesOn() {
        RecordingEncoder failing = new RecordingEncoder(MediaType.APPLICATION_JSON, true);
        RecordingEncoder next = new RecordingEncoder(MediaType.APPLICATION_JSON, false);
        reactive.withBean(ServerCodecConfigurer.class, () -> codecs(failing, next)).run(context -> {
            assertNull(context.getStartupFailure());
            assertEquals(1, failing.encoded.size());
            assertEquals(1, next.encoded.size());
        });
    }

    @Test
    void offByPropertyAndOutsideAReactiveWebApplication() {
        RecordingEncoder json = new RecordingEncoder(MediaType.APPLICATION_JSON, false);
        reactive.withBean(ServerCodecConfigurer.class, () -> codecs(json))
                .withPropertyValues("pollbridge.warm-up.json=false")
                .run(context -> assertFalse(context.containsBean("pollbridgeJsonWarmUp")));
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(PollbridgeWarmUpAutoConfiguration.class))
                .withBean(ServerCodecConfigurer.class, () -> codecs(json))
                .run(context -> assertFalse(context.containsBean("pollbridgeJsonWarmUp")));
        assertTrue(json.encoded.isEmpty());
    }

    private static ServerCodecConfigurer codecs(Encoder<?>... encoders) {
        ServerCodecConfigurer configurer = ServerCodecConfigurer.create();
        configurer.registerDefaults(false);
        for (Encoder<?> encoder : encoders) {
            configurer.customCodecs().register(encoder);
        }
        return configurer;
    }

    /** An encoder of the warm-up's sample to one media type that records what it was asked to encode. */
    private static final class RecordingEncoder implements Encoder<Object> {

        final List<Object> encoded = new CopyOnWriteArrayList<>();
        private final MediaType mediaType;
        private final boolean fail;

        RecordingEncoder(MediaType mediaType, boolean fail) {
            this.mediaType = mediaType;
            this.fail = fail;
        }

        @Override
        public boolean canEncode(ResolvableType elementType, MimeType mimeType) {
            return elementType.toClass() == JsonEncoderWarmUp.Sample.class && mediaType.isCompatibleWith(mimeType);
        }

        @Override
        public Flux<DataBuffer> encode(Publisher<?> input, DataBufferFactory factory, ResolvableType type,
                MimeType mimeType, Map<String, Object> hints) {
            return Flux.from(input).map(value -> encodeValue(value, factory, type, mimeType, hints));
        }

        @Override
        public DataBuffer encodeValue(Object value, DataBufferFactory factory, ResolvableType type, MimeType mimeType,
                Map<String, Object> hints) {
            encoded.add(value);
            if (fail) {
                throw new IllegalStateException("encoder broken on purpose");
            }
            return factory.wrap(value.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }

        @Override
        public List<MimeType> getEncodableMimeTypes() {
            return List.of(mediaType);
        }
    }
}
