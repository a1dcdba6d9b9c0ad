package dev.pollbridge.spring.boot.app;

/** A JSON body: what the first requests make Jackson initialise. */
record Greeting(String name, String text, String thread) {}
