# Varnish 7 with varnish-modules' xkey in front of the directory, as a CDN's edge would be (docs/operations.md,
# "Behind a CDN"; docs/decisions/0076). tests/ops/varnish.test.ts runs this very file, with the backend's port
# replaced by its server's.
#
# - Pages are cached for their s-maxage and served stale for their stale-while-revalidate while a fresh copy is
#   fetched; while the origin is down (its /healthz probe failing), for up to a day.
# - Each page is indexed by the tags of its Surrogate-Key header, so `PURGE` with `xkey-purge: tool:x tools` drops
#   every page that depends on them, and a plain `PURGE /path` drops one URL. Only from this machine;
#   scripts/purge-varnish.ts sends both. A soft purge (`xkey-softpurge: ...`, or `purge-mode: soft` for a URL)
#   expires the copy instead: it is still served once while the new one is fetched, and while the origin is down.
# - The API, sign-in, uploads and every request that is not a GET or HEAD go to the origin, never cached.
# - Answers say `X-Cache: HIT` or `MISS`.
vcl 4.1;

import std;
import purge;
import xkey;

backend default {
  .host = "127.0.0.1";
  .port = "4321";
  .probe = {
    .url = "/healthz";
    .interval = 2s;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
    .initial = 2;
  }
}

acl purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    if (req.http.xkey-purge) {
      set req.http.n-gone = xkey.purge(req.http.xkey-purge);
      return (synth(200, "Purged " + req.http.n-gone));
    }
    if (req.http.xkey-softpurge) {
      set req.http.n-gone = xkey.softpurge(req.http.xkey-softpurge);
      return (synth(200, "Soft-purged " + req.http.n-gone));
    }
    # One URL: found in vcl_hit or vcl_miss, purged there with all its variants.
    return (hash);
  }
  # Whatever depends on who asks, or changes something, is the origin's alone.
  if (req.url ~ "^/(api|auth|uploads)(/|\?|$)" || req.url ~ "^/healthz") {
    return (pass);
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # Public pages are the same for everyone (islands ask the API who is signed in): a session cookie must not make
  # a signed-in visitor miss the cache.
  unset req.http.Cookie;
  unset req.http.Authorization;
  # Stale copies are served for the object's grace (stale-while-revalidate) while the origin is up, for the whole
  # day kept in vcl_backend_response while it is not.
  if (std.healthy(req.backend_hint)) {
    set req.grace = 10m;
  }
  return (hash);
}

sub vcl_hit {
  if (req.method == "PURGE") {
    if (req.http.purge-mode == "soft") {
      purge.soft();
    } else {
      purge.hard();
    }
    return (synth(200, "Purged"));
  }
}

sub vcl_miss {
  if (req.method == "PURGE") {
    if (req.http.purge-mode == "soft") {
      purge.soft();
    } else {
      purge.hard();
    }
    return (synth(200, "Purged"));
  }
}

sub vcl_backend_response {
  # Varnish takes the TTL from s-maxage (then max-age) and the grace from stale-while-revalidate; req.grace in
  # vcl_recv keeps to that while the origin is healthy, and this day is what a visitor gets while it is down
  # (Fastly's stale-if-error).
  if (beresp.ttl > 0s) {
    set beresp.grace = 24h;
  }
  # xkey indexes the xkey header: Fastly's Surrogate-Key names the same tags.
  if (beresp.http.Surrogate-Key) {
    set beresp.http.xkey = beresp.http.Surrogate-Key;
  }
}

sub vcl_deliver {
  # The tags are for this cache, not for visitors (as Fastly and Cloudflare strip theirs).
  unset resp.http.xkey;
  unset resp.http.Surrogate-Key;
  unset resp.http.Cache-Tag;
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
}
