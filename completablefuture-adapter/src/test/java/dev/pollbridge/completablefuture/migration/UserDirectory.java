package dev.pollbridge.completablefuture.migration;

import dev.pollbridge.completablefuture.migration.Shop.Customer;
import dev.pollbridge.completablefuture.migration.Shop.Request;
import dev.pollbridge.completablefuture.migration.Shop.User;
import java.util.Map;
import java.util.NoSuchElementException;

/** Stage 3's service: a blocking lookup (think JDBC), so it runs on a pool in every step. */
final class UserDirectory {

    private static final Map<String, User> USERS = Map.of(
            "42", new User("42", "Ada"),
            "7", new User("7", "Grace"));

    /** Blocks the calling thread; never call it on a runtime worker. */
    Customer load(Request request) {
        User user = USERS.get(request.userId());
        if (user == null) {
            throw new NoSuchElementException("no user " + request.userId());
        }
        return new Customer(request, user);
    }
}
