package dev.pollbridge.completablefuture.migration;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The business logic of the order pipeline that the migration guide migrates: ten stages, the
 * same in every step. Only how they are chained changes (Step0PureCf ... Step4PurePollbridge).
 *
 * <pre>
 * parse -> validate -> fetch user (blocking, on a pool) -> fetch order history (remote call)
 *       -> enrich -> price -> discount -> tax -> format -> audit
 * </pre>
 *
 * The synchronous stages live here; the two remote ones in {@link UserDirectory} and
 * {@link OrderHistory}.
 */
final class Shop {

    record Request(String userId, String sku, int quantity, String coupon) {}
    record User(String id, String name) {}
    record Customer(Request request, User user) {}
    record Order(String sku, int quantity) {}
    record History(Customer customer, List<Order> orders) {}
    record Cart(User user, String sku, int quantity, String coupon, boolean loyal) {}
    record Priced(Cart cart, long cents) {}

    private static final Map<String, Long> PRICE_CENTS = Map.of("book", 1250L, "pen", 199L);
    private static final int LOYAL_AFTER_ORDERS = 3;

    private final Queue<String> auditLog = new ConcurrentLinkedQueue<>();

    /** Stage 1. {@code "user=42;sku=book;qty=2;coupon=SAVE10"} (coupon optional). */
    Request parse(String raw) {
        Map<String, String> fields = new java.util.HashMap<>();
        for (String part : raw.split(";")) {
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("malformed field '" + part + "' in: " + raw);
            }
            fields.put(part.substring(0, eq).trim(), part.substring(eq + 1).trim());
        }
        String qty = required(fields, "qty", raw);
        try {
            return new Request(required(fields, "user", raw), required(fields, "sku", raw),
                    Integer.parseInt(qty), fields.get("coupon"));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("qty is not a number: " + qty);
        }
    }

    private static String required(Map<String, String> fields, String name, String raw) {
        String value = fields.get(name);
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("missing field '" + name + "' in: " + raw);
        }
        return value;
    }

    /** Stage 2. */
    Request validate(Request request) {
        if (request.quantity() <= 0) {
            throw new IllegalArgumentException("quantity must be positive: " + request.quantity());
        }
        if (request.coupon() != null && !request.coupon().equals("SAVE10")) {
            throw new IllegalArgumentException("unknown coupon: " + request.coupon());
        }
        return request;
    }

    /** Stage 5. */
    Cart enrich(History history) {
        Request request = history.customer().request();
        return new Cart(history.customer().user(), request.sku(), request.quantity(), request.coupon(),
                history.orders().size() >= LOYAL_AFTER_ORDERS);
    }

    /** Stage 6. */
    Priced price(Cart cart) {
        Long unit = PRICE_CENTS.get(cart.sku());
        if (unit == null) {
            throw new NoSuchElementException("no price for sku " + cart.sku());
        }
        return new Priced(cart, unit * cart.quantity());
    }

    /** Stage 7: 10% off with the coupon, another 5% off for loyal customers. */
    Priced discount(Priced priced) {
        long cents = priced.cents();
        if ("SAVE10".equals(priced.cart().coupon())) {
            cents = cents * 90 / 100;
        }
        if (priced.cart().loyal()) {
            cents = cents * 95 / 100;
        }
        return new Priced(priced.cart(), cents);
    }

    /** Stage 8: 20% VAT. */
    Priced tax(Priced priced) {
        return new Priced(priced.cart(), priced.cents() * 120 / 100);
    }

    /** Stage 9. */
    String format(Priced priced) {
        Cart cart = priced.cart();
        return String.format(Locale.ROOT, "%s (%s): %d x %s = %d.%02d EUR", cart.user().id(), cart.user().name(),
                cart.quantity(), cart.sku(), priced.cents() / 100, priced.cents() % 100);
    }

    /** Stage 10: records the line (a side effect that must not happen for a cancelled order). */
    String audit(String line) {
        auditLog.add(line);
        return line;
    }

    List<String> auditLog() {
        return List.copyOf(auditLog);
    }
}
