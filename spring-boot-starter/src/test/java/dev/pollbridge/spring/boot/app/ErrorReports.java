package dev.pollbridge.spring.boot.app;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Stands for an error tracker: the failures the runtime could deliver to no join handle. */
class ErrorReports {

    final List<Throwable> reported = new CopyOnWriteArrayList<>();

    void add(Throwable failure) {
        reported.add(failure);
    }
}
