// Package webhook is what the web side and the notification worker both know of a league's
// webhook: how its body is signed, and which addresses it may not reach. The web side
// refuses such an address when a webhook is added; the worker's dialer refuses it again on
// every delivery, after DNS resolution.
package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net"
	"net/netip"
	"syscall"
)

// Sign is a webhook body's signature: hex HMAC-SHA256 under the webhook's secret of
// "<timestamp>.<body>", sent as "X-TableStakes-Signature: sha256=<hex>" beside
// X-TableStakes-Timestamp. A receiver recomputes it, compares in constant time and
// refuses old timestamps, so a captured request cannot be replayed later.
func Sign(secret, timestamp string, body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(timestamp))
	mac.Write([]byte("."))
	mac.Write(body)
	return hex.EncodeToString(mac.Sum(nil))
}

// specialUse are the address blocks a league webhook may not reach unless the server
// allows private addresses: loopback, private, shared and link-local space, documentation,
// benchmarking, multicast and reserved blocks, and the IPv6 ones that carry or translate
// IPv4 (NAT64, 6to4, Teredo) and so could lead back inside (IANA's special-purpose address
// registries; trust review 3, finding 6).
var specialUse = func() []netip.Prefix {
	var out []netip.Prefix
	for _, s := range []string{
		"0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
		"192.0.0.0/24", "192.0.2.0/24", "192.31.196.0/24", "192.52.193.0/24", "192.88.99.0/24", "192.168.0.0/16",
		"192.175.48.0/24", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4",
		"::/128", "::1/128", "::ffff:0:0/96", "::/96", "64:ff9b::/96", "64:ff9b:1::/48", "100::/64", "2001::/23",
		"2001:db8::/32", "2002::/16", "3fff::/20", "5f00::/16", "fc00::/7", "fe80::/10", "fec0::/10", "ff00::/8",
		// Trust review 4, finding 7: IPv4-translated addresses (RFC 2765, ::ffff:0:a.b.c.d),
		// the dummy prefix (RFC 9780) and AS112's IPv6 block (RFC 7534).
		"::ffff:0:0:0/96", "100:0:0:1::/64", "2620:4f:8000::/48",
	} {
		out = append(out, netip.MustParsePrefix(s))
	}
	return out
}()

// SpecialUse reports whether ip is in a special-use block (an IPv4 address written as
// IPv6, ::ffff:a.b.c.d, is judged as the IPv4 address it is).
func SpecialUse(ip netip.Addr) bool {
	ip = ip.Unmap().WithZone("")
	for _, p := range specialUse {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// ErrPrivateAddress refuses a webhook connection to a loopback, private or special-use address.
var ErrPrivateAddress = errors.New("webhook address is not public (set TABLESTAKES_WEBHOOK_PRIVATE_ADDRESSES=1 to allow)")

// RefusePrivateAddress is the webhook dialer's check (net.Dialer.Control) of the address
// it is about to connect to, after DNS resolution, so a name cannot be rebound to an
// inside address.
func RefusePrivateAddress(_, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return err
	}
	ip, err := netip.ParseAddr(host)
	if err != nil || SpecialUse(ip) {
		return ErrPrivateAddress
	}
	return nil
}
