package webhook

import (
	"errors"
	"net/netip"
	"strconv"
	"strings"

	"golang.org/x/net/idna"
)

// ErrBadHost is a webhook host that is no name or address the dialler could use.
var ErrBadHost = errors.New("not a host name or address")

// DialHost is the host a webhook's URL names as the dialler will reach it (trust review 4,
// finding 7): mapped to ASCII by IDNA as the HTTP client does (full-width digits and
// letters become ASCII ones), lower-cased, without the trailing dot of a fully qualified
// name, and an IPv4 address written in any form the system resolver's inet_aton accepts
// (2130706433, 0x7f000001, 017700000001, 0177.0.0.1, 127.1, 0) as its dotted quad. The
// result is an address literal (for netip.ParseAddr) or a name to resolve.
func DialHost(host string) (string, error) {
	if ip, err := netip.ParseAddr(host); err == nil {
		return ip.String(), nil
	}
	ascii := host
	if !isASCII(host) {
		// net/http maps a host that is not ASCII with IDNA's lookup profile; what that
		// refuses, the client cannot dial either.
		mapped, err := idna.Lookup.ToASCII(host)
		if err != nil {
			return "", ErrBadHost
		}
		ascii = mapped
	}
	ascii = strings.TrimSuffix(strings.ToLower(ascii), ".")
	if ascii == "" || strings.Contains(ascii, "..") || strings.ContainsFunc(ascii, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
		return "", ErrBadHost
	}
	if ip, err := netip.ParseAddr(ascii); err == nil {
		return ip.String(), nil
	}
	if ip, ok := inetAton(ascii); ok {
		return ip.String(), nil
	}
	return ascii, nil
}

// isASCII reports whether s is all ASCII.
func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// inetAton reads s as inet_aton(3) does: one to four parts, each decimal, octal (a leading
// 0) or hexadecimal (a leading 0x), the last filling the bytes the others leave.
func inetAton(s string) (netip.Addr, bool) {
	parts := strings.Split(s, ".")
	if len(parts) > 4 {
		return netip.Addr{}, false
	}
	var values []uint64
	for _, p := range parts {
		base, digits := 10, p
		switch {
		case strings.HasPrefix(p, "0x"):
			base, digits = 16, p[2:]
		case len(p) > 1 && p[0] == '0':
			base, digits = 8, p[1:]
		}
		if digits == "" && base == 16 {
			digits = "0" // inet_aton reads a bare 0x as 0
		}
		if digits == "" || strings.ContainsAny(digits, "+-_") {
			return netip.Addr{}, false
		}
		v, err := strconv.ParseUint(digits, base, 32)
		if err != nil {
			return netip.Addr{}, false
		}
		values = append(values, v)
	}
	var n uint64
	for i, v := range values[:len(values)-1] {
		if v > 255 {
			return netip.Addr{}, false
		}
		n |= v << (8 * (3 - i))
	}
	last := values[len(values)-1]
	if room := uint(8 * (5 - len(values))); last >= 1<<room {
		return netip.Addr{}, false
	}
	n |= last
	return netip.AddrFrom4([4]byte{byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)}), true
}
