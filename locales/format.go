package locales

import (
	"strconv"
	"strings"
	"time"

	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

// symbols is how l writes a number's decimal point and thousands' grouping, as CLDR says
// (golang.org/x/text): "12.5" and "1,234" in English, "12,5" and "1.234" in Italian and German,
// "12,5" and "1 234" in French.
func (l Lang) symbols() (decimal, group string) {
	s := message.NewPrinter(l.Tag).Sprint(number.Decimal(1234.5, number.Scale(1)))
	// s is "1<group>234<decimal>5"; either symbol may be more than one byte.
	rest := strings.TrimPrefix(s, "1")
	i := strings.Index(rest, "234")
	if i < 0 || !strings.HasSuffix(rest, "5") {
		return ".", ","
	}
	return rest[i+3 : len(rest)-1], rest[:i]
}

// Int writes n as l writes whole numbers, grouped as CLDR says ("12.345" in German).
func (l Lang) Int(n int) string { return l.group(int64(n)) }

func (l Lang) group(n int64) string {
	return message.NewPrinter(l.Tag).Sprint(number.Decimal(n))
}

// Millionths writes v/1,000,000 as l writes decimals, rounded half away from zero to
// places decimals ("12,5" in Italian for 12,500,000 and one place). The arithmetic is on
// integers: no float ever holds the value.
func (l Lang) Millionths(v int64, places int) string {
	if places < 0 || places > 6 {
		places = 6
	}
	neg := v < 0
	if neg {
		v = -v
	}
	unit := int64(1)
	for range 6 - places {
		unit *= 10
	}
	q := (v + unit/2) / unit // rounded to places decimals
	scale := int64(1)
	for range places {
		scale *= 10
	}
	s := l.group(q / scale)
	if neg && q != 0 {
		s = "-" + s
	}
	if places == 0 {
		return s
	}
	dec, _ := l.symbols()
	frac := strconv.FormatInt(q%scale, 10)
	return s + dec + strings.Repeat("0", places-len(frac)) + frac
}

// Date writes t's day as l writes it in full ("26 novembre 2026", "26. November 2026").
func (l Lang) Date(t time.Time) string {
	return l.T("format.date", l.dateParts(t))
}

// DateTime writes t's day, weekday and time as l writes them ("Thu 26 Nov 2026, 19:30").
func (l Lang) DateTime(t time.Time) string {
	return l.T("format.datetime", l.dateParts(t))
}

// ShortDate writes t's day with a short month ("26 Nov 2026").
func (l Lang) ShortDate(t time.Time) string {
	return l.T("format.shortdate", l.dateParts(t))
}

func (l Lang) dateParts(t time.Time) map[string]any {
	m := int(t.Month())
	return map[string]any{
		"Day":        t.Day(),
		"Month":      l.T("month." + strconv.Itoa(m)),
		"MonthShort": l.T("month.short." + strconv.Itoa(m)),
		"Weekday":    l.T("weekday.short." + strconv.Itoa(int(t.Weekday()))),
		"Year":       t.Year(),
		"Time":       t.Format("15:04"),
	}
}

// DecimalPoint is how l writes the point between a number's whole part and its decimals:
// "." in English, "," in Italian, French and German.
func (l Lang) DecimalPoint() string {
	d, _ := l.symbols()
	return d
}
