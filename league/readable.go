package league

import (
	"math/big"
	"strings"
)

// Readable writes league points for people, exactly: whole numbers as they are ("9"), short
// decimals as decimals ("13.5", "100.25"), and any other fraction as a mixed number
// ("90 2/3"), so a page never shows 272/3 as a rounded 90.666666666667. Negative values take
// a true minus sign ("−1 1/3"). JSON keeps Decimal.
func Readable(r *big.Rat) string {
	if r == nil {
		return "0"
	}
	if r.Sign() < 0 {
		return "−" + Readable(new(big.Rat).Neg(r))
	}
	if r.IsInt() {
		return r.Num().String()
	}
	// A denominator dividing 1000 ends within three decimals: exact and short.
	if new(big.Int).Rem(big.NewInt(1000), r.Denom()).Sign() == 0 {
		s := strings.TrimRight(r.FloatString(3), "0")
		return strings.TrimSuffix(s, ".")
	}
	whole, rest := new(big.Int).QuoRem(r.Num(), r.Denom(), new(big.Int))
	frac := rest.String() + "/" + r.Denom().String()
	if whole.Sign() == 0 {
		return frac
	}
	return whole.String() + " " + frac
}
