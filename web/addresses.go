package web

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"syscall"
	"time"
)

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
	} {
		out = append(out, netip.MustParsePrefix(s))
	}
	return out
}()

// isSpecialUse reports whether ip is in a special-use block (an IPv4 address written as
// IPv6, ::ffff:a.b.c.d, is judged as the IPv4 address it is).
func isSpecialUse(ip netip.Addr) bool {
	ip = ip.Unmap().WithZone("")
	for _, p := range specialUse {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// errPrivateAddress refuses a webhook connection to a loopback, private or special-use address.
var errPrivateAddress = errors.New("webhook address is not public (set TABLESTAKES_WEBHOOK_PRIVATE_ADDRESSES=1 to allow)")

// refusePrivateAddress is the webhook dialer's check of the address it is about to
// connect to, after DNS resolution, so a name cannot be rebound to an inside address.
func refusePrivateAddress(_, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return err
	}
	ip, err := netip.ParseAddr(host)
	if err != nil || isSpecialUse(ip) {
		return errPrivateAddress
	}
	return nil
}

// hostProblem checks, when a webhook is added, the addresses its host stands for: an
// address literal, or every address its name resolves to now, must be public. A name that
// does not resolve yet is accepted; the dialer checks again on every delivery, after
// resolving, so a name pointed inside later is refused then.
func hostProblem(ctx context.Context, host string) string {
	var ips []netip.Addr
	if ip, err := netip.ParseAddr(host); err == nil {
		ips = []netip.Addr{ip}
	} else {
		ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
		defer cancel()
		ips, _ = net.DefaultResolver.LookupNetIP(ctx, "ip", host)
	}
	for _, ip := range ips {
		if isSpecialUse(ip) {
			return "must reach a public address: " + host + " is " + ip.Unmap().String() +
				", a loopback, private or special-use address"
		}
	}
	return ""
}
