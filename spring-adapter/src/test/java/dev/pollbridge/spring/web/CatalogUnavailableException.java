package dev.pollbridge.spring.web;

/** The failure the test catalog's futures fail with; the controller maps it to 503. */
final class CatalogUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    CatalogUnavailableException(String message) {
        super(message);
    }
}
