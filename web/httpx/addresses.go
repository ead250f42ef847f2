package httpx

import (
	"context"
	"net"
	"net/netip"
	"time"

	"github.com/tablestakes/tablestakes/webhook"
)

// hostProblem checks, when a webhook is added, the addresses its host stands for, read as
// the dialler will read it (webhook.DialHost: IDNA, a trailing dot, inet_aton's forms of
// an IPv4 address): an address literal, or every address its name resolves to now, must
// be public. A name that does not resolve yet is accepted; the dialer checks again on
// every delivery, after resolving, so a name pointed inside later is refused then.
func hostProblem(ctx context.Context, host string) string {
	dial, err := webhook.DialHost(host)
	if err != nil {
		return "must name a host: " + err.Error()
	}
	var ips []netip.Addr
	if ip, err := netip.ParseAddr(dial); err == nil {
		ips = []netip.Addr{ip}
	} else {
		ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
		defer cancel()
		// A name that does not resolve now is judged on delivery (see above).
		ips, _ = net.DefaultResolver.LookupNetIP(ctx, "ip", dial)
	}
	for _, ip := range ips {
		if webhook.SpecialUse(ip) {
			return "must reach a public address: " + host + " is " + ip.Unmap().String() +
				", a loopback, private or special-use address"
		}
	}
	return ""
}
