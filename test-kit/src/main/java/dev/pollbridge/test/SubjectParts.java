package dev.pollbridge.test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/** What {@link FutureSubject} and {@link StreamSubject} share: upstreams, flags and resources. */
final class SubjectParts {

    final List<Upstream> upstreams = new ArrayList<>();
    final List<AutoCloseable> resources = new ArrayList<>();
    boolean startsEagerly;
    boolean closeDetaches;
    boolean fused;

    void addUpstreams(Upstream... more) {
        for (Upstream upstream : more) {
            upstreams.add(Objects.requireNonNull(upstream, "upstream"));
        }
    }

    void addResource(AutoCloseable resource) {
        resources.add(Objects.requireNonNull(resource, "resource"));
    }

    /** Closes the resources, last added first; the first failure is thrown, the rest suppressed. */
    void dispose() {
        List<AutoCloseable> reversed = new ArrayList<>(resources);
        Collections.reverse(reversed);
        resources.clear();
        RuntimeException failure = null;
        for (AutoCloseable resource : reversed) {
            try {
                resource.close();
            } catch (Exception e) {
                if (failure == null) {
                    failure = new IllegalStateException("closing the subject's resource " + resource + " failed", e);
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
