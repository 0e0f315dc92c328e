package com.assessments.key;

import com.assessments.common.AfterCommit;
import com.assessments.common.Hashing;
import com.assessments.common.Ids;
import com.assessments.common.PageResult;
import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
// key -> org -> key: a key's rate limit falls back to its organization's, and org (the demo seeder, the admin API)
// issues and shows keys. A known loop between the two packages, kept to this one import.
import com.assessments.org.Organization;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Issues, finds, authenticates and revokes API keys. Plain keys exist only in the response that issues them. */
@ApplicationScoped
public class ApiKeyService {

    /** What a key looks like: service_(sk|pk)_(test|live)_ and 20 to 100 base62 characters. */
    private static final List<String> KEY_PREFIXES = List.of("service_sk_test_", "service_sk_live_", "service_pk_test_",
            "service_pk_live_");

    /** A key with its plain text, which is returned once and never stored. */
    public record IssuedKey(ApiKey key, String plainKey) {
    }

    public record IssuedPair(IssuedKey secretKey, IssuedKey publishableKey) {
    }

    private final Clock clock;
    private final KeyUsage usage;
    private final EntityManager em;
    private final TransactionSynchronizationRegistry transactions;

    public ApiKeyService(Clock clock, KeyUsage usage, EntityManager em, TransactionSynchronizationRegistry transactions) {
        this.transactions = transactions;
        this.clock = clock;
        this.usage = usage;
        this.em = em;
    }

    /** The shape only (see {@link #KEY_PREFIXES}), checked on every key-authenticated request, so without a regex. */
    static boolean looksLikeKey(String token) {
        for (String prefix : KEY_PREFIXES) {
            if (token.startsWith(prefix)) {
                int length = token.length() - prefix.length();
                if (length < 20 || length > 100) {
                    return false;
                }
                for (int i = prefix.length(); i < token.length(); i++) {
                    char c = token.charAt(i);
                    if (!(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z')) {
                        return false;
                    }
                }
                return true;
            }
        }
        return false;
    }

    /**
     * Issues a secret and a publishable key for one environment. The secret key gets {@code scopes} (all when
     * null); the publishable key gets the browser scopes and the origin allowlist.
     */
    @Transactional
    public IssuedPair issuePair(String organizationId, String environment, List<String> scopes, List<String> products,
                                List<String> allowedOrigins) {
        String pairId = Ids.id("kp_");
        List<String> secretScopes = scopes == null ? Scopes.ALL : validScopes(scopes);
        List<String> origins = normalizeOrigins(allowedOrigins);
        IssuedKey secret = create(organizationId, ApiKey.SECRET, environment, secretScopes, products, List.of(), pairId, null);
        IssuedKey publishable = create(organizationId, ApiKey.PUBLISHABLE, environment, Scopes.PUBLISHABLE, products, origins,
                pairId, null);
        return new IssuedPair(secret, publishable);
    }

    /** A new key; {@code rotatedFrom} (may be null) passes on its lineage and its own rate limit. */
    IssuedKey create(String organizationId, String kind, String environment, List<String> scopes, List<String> products,
                     List<String> allowedOrigins, String pairId, ApiKey rotatedFrom) {
        String plain = Ids.secret("service_" + (ApiKey.SECRET.equals(kind) ? "sk" : "pk") + "_" + environment + "_");
        ApiKey key = new ApiKey();
        key.id = Ids.id("key_");
        key.organizationId = organizationId;
        key.kind = kind;
        key.environment = environment;
        key.keyHash = Hashing.sha256(plain);
        key.prefix = plain.substring(0, plain.indexOf('_', "service_xx_".length()) + 1);
        key.last4 = plain.substring(plain.length() - 4);
        key.scopes = new ArrayList<>(scopes);
        key.products = products == null ? null : new ArrayList<>(new LinkedHashSet<>(products));
        key.allowedOrigins = new ArrayList<>(allowedOrigins);
        key.pairId = pairId;
        key.rotatedFromId = rotatedFrom == null ? null : rotatedFrom.id;
        key.lineageId = rotatedFrom == null ? key.id : rotatedFrom.lineageId;
        key.rateLimitPerMinute = rotatedFrom == null ? null : rotatedFrom.rateLimitPerMinute;
        key.createdAt = clock.instant();
        key.persist();
        return new IssuedKey(key, plain);
    }

    /** A cached look-up: the principal, and the key's own end of life (checked against the clock on every use). */
    record Cached(Caller.KeyPrincipal principal, Instant expiresAt, Instant revokedAt, long cachedUntilNanos) {
    }

    /** Key look-ups by digest, kept AUTH_CACHE_TTL; revocation and rotation on this replica evict at once. */
    private final java.util.concurrent.ConcurrentHashMap<String, Cached> cache = new java.util.concurrent.ConcurrentHashMap<>();
    private final java.util.concurrent.atomic.AtomicLong cacheGeneration = new java.util.concurrent.atomic.AtomicLong();
    private volatile long seenEpoch = -1;
    static final long AUTH_CACHE_TTL_NANOS = java.time.Duration.ofSeconds(30).toNanos();

    /**
     * The principal behind a plain key, if the key exists and is neither revoked nor past its grace period. Served
     * from a 30-second cache, so most requests cost no database round trip for authentication; another replica
     * sees a revocation within about a second ({@link #followChanges}) (rotation grace periods are unaffected: expiry is checked on
     * every use).
     */
    public Optional<Caller.KeyPrincipal> authenticate(String plainKey) {
        byte[] hash = Hashing.sha256(plainKey);
        String digest = java.util.HexFormat.of().formatHex(hash);
        Instant now = clock.instant();
        Cached cached = cache.get(digest);
        if (cached == null || System.nanoTime() > cached.cachedUntilNanos()) {
            long generation = cacheGeneration.get();
            cached = load(hash).orElse(null);
            if (cached == null) {
                cache.remove(digest);
                return Optional.empty();
            }
            if (generation == cacheGeneration.get()) {
                cache.put(digest, cached); // not when the cache was dropped meanwhile: the read may predate the change
            }
        }
        boolean usable = cached.revokedAt() == null && (cached.expiresAt() == null || now.isBefore(cached.expiresAt()));
        if (!usable) {
            return Optional.empty();
        }
        usage.used(cached.principal().keyId(), now);
        return Optional.of(cached.principal());
    }

    @Transactional
    Optional<Cached> load(byte[] hash) {
        return ApiKey.findByHash(hash)
                .filter(k -> Hashing.constantTimeEquals(k.keyHash, hash))
                .map(k -> {
                    Organization org = Organization.findById(k.organizationId);
                    int limit = k.rateLimitPerMinute != null ? k.rateLimitPerMinute : org.rateLimitPerMinute;
                    var principal = new Caller.KeyPrincipal(k.id, k.lineageId, k.organizationId, k.kind, k.environment,
                            List.copyOf(k.scopes), k.products == null ? null : List.copyOf(k.products),
                            List.copyOf(k.allowedOrigins), limit, List.copyOf(org.enabledAssessmentTypes));
                    return new Cached(principal, k.expiresAt, k.revokedAt, System.nanoTime() + AUTH_CACHE_TTL_NANOS);
                });
    }

    /**
     * A change to who may call: moves the shared epoch in the caller's transaction so every other replica drops its
     * cache within a second ({@link #followChanges}), and drops the matching cached look-ups on this replica once the
     * change commits (a drop before then would be refilled from the old rows).
     */
    @Transactional
    public void changed(java.util.function.Predicate<Caller.KeyPrincipal> which) {
        em.createNativeQuery("update auth_cache_epoch set epoch = epoch + 1 where id = 1").executeUpdate();
        // and a look-up that began before the commit does not store what it read
        AfterCommit.run(transactions, () -> {
            cacheGeneration.incrementAndGet();
            cache.values().removeIf(c -> which.test(c.principal()));
        });
    }

    /** Drops this replica's whole cache when another replica (or this one) changed a key or an organization. */
    @io.quarkus.scheduler.Scheduled(identity = "auth-cache-epoch", every = "${assessments.keys.cache-check-every}",
            concurrentExecution = io.quarkus.scheduler.Scheduled.ConcurrentExecution.SKIP)
    public void followChanges() {
        long epoch;
        try {
            epoch = ((Number) em.createNativeQuery("select epoch from auth_cache_epoch where id = 1").getSingleResult()).longValue();
        } catch (RuntimeException e) {
            return; // database unreachable: keys stay cached for their 30 s, as before
        }
        if (epoch != seenEpoch) {
            seenEpoch = epoch;
            cacheGeneration.incrementAndGet();
            cache.clear();
        }
    }

    /**
     * The allowed origins of the organization's publishable keys in that environment that are usable now (not revoked,
     * not expired), each once, sorted.
     */
    public List<String> publishableOrigins(String organizationId, String environment) {
        @SuppressWarnings("unchecked")
        List<Object> rows = em.createNativeQuery("""
                        select distinct o.origin from api_keys k
                          cross join lateral unnest(k.allowed_origins) as o(origin)
                         where k.organization_id = ?1 and k.environment = ?2 and k.kind = ?3
                           and k.revoked_at is null and (k.expires_at is null or k.expires_at > ?4)
                         order by o.origin""")
                .setParameter(1, organizationId).setParameter(2, environment).setParameter(3, ApiKey.PUBLISHABLE)
                .setParameter(4, clock.instant()).getResultList();
        return rows.stream().map(String::valueOf).toList();
    }

    /** Every key of the organization, both environments and revoked ones included, newest first. */
    public PageResult<ApiKey> listForOrganization(String organizationId, int limit, int offset) {
        long total = ApiKey.count("organizationId", organizationId);
        List<ApiKey> page = ApiKey.find("organizationId = ?1 order by createdAt desc, id desc", organizationId)
                .range(offset, offset + limit - 1).list();
        return new PageResult<>(page, total);
    }

    /** The new key of a rotation, and the old one (expiring at the end of its grace period, or revoked). */
    public record Rotation(IssuedKey key, ApiKey previous) {
    }

    /**
     * Issues a replacement with the same kind, environment, scopes, products, origins and rate limit, in the same
     * lineage; the old key keeps working for {@code graceSeconds} (0 revokes it now). The rules, so that no
     * credential gains more than it was given:
     * <ul>
     *   <li>the calling key must be active: a key that was rotated out (expiring) or revoked rotates nothing, so a
     *       leaked key that its owner rotated cannot mint itself a successor or revoke the owner's;</li>
     *   <li>a key may always rotate itself;</li>
     *   <li>rotating another key needs every scope and every product that key has (a key without a product list
     *       holds all products);</li>
     *   <li>only usable keys of the caller's organization and environment can be rotated (404 otherwise).</li>
     * </ul>
     * The caller's key is read from the database, not the authentication cache, so a revocation on another
     * replica counts at once.
     */
    @Transactional
    public Rotation rotate(Caller.KeyPrincipal caller, String keyId, int graceSeconds) {
        Instant now = clock.instant();
        ApiKey self = ApiKey.findById(caller.keyId());
        if (self == null || !self.isActiveAt(now)) {
            throw new ApiException(ErrorCode.INSUFFICIENT_PERMISSIONS,
                    "This key was rotated out or revoked; only an active key can rotate keys.",
                    Map.of("keyStatus", self == null ? "revoked" : self.statusAt(now)));
        }
        ApiKey old = ApiKey.findById(keyId, LockModeType.PESSIMISTIC_WRITE);
        if (old == null || !old.organizationId.equals(caller.organizationId()) || !old.environment.equals(caller.environment())
                || !old.isUsableAt(now)) {
            throw new ApiException(ErrorCode.KEY_NOT_FOUND, "No active API key " + keyId + " in this organization and environment.");
        }
        if (!old.id.equals(self.id)) {
            requireHoldsAllOf(self, old);
        }
        return replace(old, graceSeconds, now);
    }

    /**
     * The developer portal's rotation: a member whose role allows it (checked by the portal) rotates any usable key of
     * the organization, in either environment. Same replacement and grace rules as {@link #rotate}.
     */
    @Transactional
    public Rotation rotateInOrganization(String organizationId, String keyId, int graceSeconds) {
        Instant now = clock.instant();
        ApiKey old = ApiKey.findById(keyId, LockModeType.PESSIMISTIC_WRITE);
        if (old == null || !old.organizationId.equals(organizationId) || !old.isUsableAt(now)) {
            throw new ApiException(ErrorCode.KEY_NOT_FOUND, "No active API key " + keyId + " in this organization.");
        }
        return replace(old, graceSeconds, now);
    }

    private Rotation replace(ApiKey old, int graceSeconds, Instant now) {
        String keyId = old.id;
        IssuedKey replacement = create(old.organizationId, old.kind, old.environment, old.scopes, old.products,
                old.allowedOrigins, old.pairId, old);
        if (graceSeconds == 0) {
            old.revokedAt = now;
        } else {
            Instant end = now.plusSeconds(graceSeconds);
            old.expiresAt = old.expiresAt == null || end.isBefore(old.expiresAt) ? end : old.expiresAt;
        }
        changed(p -> p.keyId().equals(keyId));
        return new Rotation(replacement, old);
    }

    /** 403 unless {@code caller} holds every scope and product of {@code target}. */
    private static void requireHoldsAllOf(ApiKey caller, ApiKey target) {
        List<String> missingScopes = target.scopes.stream().filter(s -> !caller.scopes.contains(s)).toList();
        List<String> missingProducts = caller.products == null ? List.of()
                : target.products == null ? List.of("*")
                : target.products.stream().filter(p -> !caller.products.contains(p)).toList();
        if (!missingScopes.isEmpty() || !missingProducts.isEmpty()) {
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("missingScopes", missingScopes);
            details.put("missingProducts", missingProducts);
            throw new ApiException(ErrorCode.INSUFFICIENT_PERMISSIONS,
                    "Rotating another key needs every scope and product it has; this key lacks some"
                            + " (a key may always rotate itself).", details);
        }
    }

    @Transactional
    public ApiKey revoke(String organizationId, String keyId) {
        ApiKey key = findInOrganization(organizationId, keyId);
        if (key.revokedAt == null) {
            key.revokedAt = clock.instant();
        }
        changed(p -> p.keyId().equals(keyId));
        return key;
    }

    public ApiKey findInOrganization(String organizationId, String keyId) {
        ApiKey key = ApiKey.findById(keyId);
        if (key == null || !key.organizationId.equals(organizationId)) {
            throw new ApiException(ErrorCode.KEY_NOT_FOUND, "No API key " + keyId + " in this organization.");
        }
        return key;
    }

    private static List<String> validScopes(List<String> scopes) {
        List<String> unknown = scopes.stream().filter(s -> !Scopes.ALL.contains(s)).toList();
        if (!unknown.isEmpty()) {
            throw ApiException.validation("scopes", "has unknown scopes " + unknown + "; known: " + Scopes.ALL);
        }
        return List.copyOf(new LinkedHashSet<>(scopes));
    }

    private static List<String> normalizeOrigins(List<String> origins) {
        if (origins == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < origins.size(); i++) {
            String normalized = Origins.normalize(origins.get(i));
            if (!Origins.isWellFormed(normalized)) {
                throw ApiException.validation("allowedOrigins[" + i + "]",
                        "must be an origin such as https://careers.example.com (scheme, host and optional port, no path)");
            }
            out.add(normalized);
        }
        return List.copyOf(new LinkedHashSet<>(out));
    }
}
