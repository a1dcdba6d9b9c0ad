package dev.pollbridge.spring.webflux;

/** The value the test application serves, encoded as JSON. */
record Book(String isbn, String title) {}
