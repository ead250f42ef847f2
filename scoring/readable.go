package scoring

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

// Mixed writes league points for a page's columns, exactly, as whole or mixed numbers: "9",
// "13 1/2", "100 1/4", "90 2/3", so one column never shows "87 2/3" beside "100.25".
// Negative values take a true minus sign ("−1 1/3"). Explanations write league points the
// same way; only an ARMADA elimination order keeps the seed's decimal ("(3+4)/2, which is
// 3.5", Readable).
func Mixed(r *big.Rat) string {
	if r == nil {
		return "0"
	}
	if r.Sign() < 0 {
		return "−" + Mixed(new(big.Rat).Neg(r))
	}
	if r.IsInt() {
		return r.Num().String()
	}
	whole, rest := new(big.Int).QuoRem(r.Num(), r.Denom(), new(big.Int))
	frac := rest.String() + "/" + r.Denom().String()
	if whole.Sign() == 0 {
		return frac
	}
	return whole.String() + " " + frac
}

// PointsWord is "point" for exactly one league point, won or lost ("1 point", "−1 point"),
// and "points" otherwise.
func PointsWord(r *big.Rat) string {
	if r != nil && new(big.Rat).Abs(r).Cmp(big.NewRat(1, 1)) == 0 {
		return "point"
	}
	return "points"
}

// Exact writes league points for files, exactly and machine-readably: an integer ("9"), the
// exact decimal when the fraction terminates ("13.5", "100.25"), else the fraction
// ("263/3"), never a rounded decimal. The CSV exports use it.
func Exact(r *big.Rat) string {
	if r == nil {
		return "0"
	}
	if r.IsInt() {
		return r.Num().String()
	}
	d := new(big.Int).Set(r.Denom())
	places := 0
	for _, p := range []int64{2, 5} {
		bp := big.NewInt(p)
		for new(big.Int).Rem(d, bp).Sign() == 0 {
			d.Quo(d, bp)
			places++
		}
	}
	if d.Cmp(big.NewInt(1)) != 0 {
		return r.String()
	}
	s := strings.TrimRight(r.FloatString(places), "0")
	return strings.TrimSuffix(s, ".")
}

// spreadsheetPlaces is how many decimals the CSV exports' decimal columns carry.
const spreadsheetPlaces = 6

// SixPlaces writes league points for spreadsheets: a plain decimal to six places with an
// ASCII minus ("6.666667", "-0.500000", "12.000000"), which every spreadsheet reads as a
// number, rounded half away from zero from the exact fraction in integer arithmetic. The
// CSV exports put it beside Exact, which stays the true value.
func SixPlaces(r *big.Rat) string {
	if r == nil {
		r = new(big.Rat)
	}
	// big.Rat.FloatString divides the integers and rounds the last digit half away from
	// zero: no float is involved.
	s := r.FloatString(spreadsheetPlaces)
	if strings.Trim(s, "-0.") == "" {
		// A tiny negative rounds to zero, which has no sign.
		return strings.TrimPrefix(s, "-")
	}
	return s
}
