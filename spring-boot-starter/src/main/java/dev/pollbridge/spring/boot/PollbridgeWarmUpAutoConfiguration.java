package dev.pollbridge.spring.boot;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.http.codec.ServerCodecConfigurer;

/**
 * Spring Boot auto-configuration of the start-up warm-up of a WebFlux application
 * ({@code pollbridge.warm-up.json}, on by default): encodes a sample value with each JSON encoder
 * before the server listens, so that the encoder's first-time initialisation does not run inside
 * a poll on a runtime worker and show up as a slow poll. Only in a reactive web application: in
 * Spring MVC a worker hands the value over and a container thread encodes it.
 */
@AutoConfiguration
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@ConditionalOnClass(name = "org.springframework.http.codec.ServerCodecConfigurer")
@ConditionalOnProperty(name = "pollbridge.warm-up.json", havingValue = "true", matchIfMissing = true)
@SuppressWarnings("exports") // Spring's types come from automatic modules
public class PollbridgeWarmUpAutoConfiguration {

    /** Created by Spring Boot. */
    public PollbridgeWarmUpAutoConfiguration() {}

    /**
     * The warm-up, run once every singleton exists.
     *
     * @param codecs WebFlux's codecs, looked up when the warm-up runs
     * @return the warm-up bean
     */
    @Bean
    public SmartInitializingSingleton pollbridgeJsonWarmUp(ObjectProvider<ServerCodecConfigurer> codecs) {
        return new JsonEncoderWarmUp(codecs);
    }
}
