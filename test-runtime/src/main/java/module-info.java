/**
 * The runtime half of the Pollbridge test kit: {@code TestRuntime}, a deterministic runtime that
 * runs tasks on the test thread. It brings the thread-free kit ({@code dev.pollbridge.test}) with
 * it. {@code ReactorVirtualTime} and {@code RxJavaVirtualTime} put Reactor's and RxJava's virtual
 * time on the runtime's clock; they need reactor-test and rxjava, optional dependencies.
 */
module dev.pollbridge.test.runtime {
    requires transitive dev.pollbridge.test;
    requires transitive dev.pollbridge.runtime;
    requires static reactor.core;
    requires static reactor.test;
    requires static io.reactivex.rxjava3;
    exports dev.pollbridge.test.runtime;
}
