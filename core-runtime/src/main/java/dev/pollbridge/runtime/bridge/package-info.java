/**
 * Bridges between the pull model and the push standards: {@link
 * dev.pollbridge.runtime.bridge.ReactiveStreamsBridge} for {@code org.reactivestreams} and
 * {@link dev.pollbridge.runtime.bridge.FlowBridge} for {@code java.util.concurrent.Flow}. Both
 * are thin faces of one engine, so they behave identically; both pass the Reactive Streams TCK
 * (see {@code docs/reactive-streams.md}).
 */
package dev.pollbridge.runtime.bridge;
