package dev.pollbridge.spring.web;

import static org.junit.jupiter.api.Assertions.assertSame;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.core.ReactiveAdapterRegistry;

/**
 * {@link ControllerContract} on Spring MVC and Tomcat. MVC's {@code RequestMappingHandlerAdapter}
 * looks adapters up in {@link ReactiveAdapterRegistry#getSharedInstance()}, which the
 * auto-configuration gave {@link PollRuntime#shared()}.
 */
class MvcApplicationTest extends ControllerContract {

    @Override
    WebApplicationType webApplicationType() {
        return WebApplicationType.SERVLET;
    }

    @Override
    PollRuntime pollingRuntime() {
        return PollRuntime.shared();
    }

    @Test
    void theAutoConfigurationRegisteredTheAdaptersInTheSharedRegistry() {
        ReactiveAdapterRegistry shared = ReactiveAdapterRegistry.getSharedInstance();
        for (Class<?> type : List.of(PollFuture.class, PollStream.class, JoinHandle.class)) {
            assertSame(type, shared.getAdapter(type).getReactiveType());
        }
    }
}
