package dev.pollbridge.spring.web;

/** The value the test application serves, encoded as JSON. */
record Book(String isbn, String title) {}
