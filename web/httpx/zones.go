package httpx

import (
	_ "embed"
	"slices"
	"strings"
)

// zoneList is the IANA time zones a league may choose from a list (issue #34): UTC, then
// every zone of the tz database's zone.tab (one a country region, e.g. Europe/Paris), sorted.
//
//go:embed zones.txt
var zoneList string

// TimeZones returns the zones the manage page offers, with current among them even when the
// tz database names it only as an alias (US/Pacific), so the league's zone stays selected.
func TimeZones(current string) []string {
	zones := strings.Fields(zoneList)
	if current != "" && !slices.Contains(zones, current) {
		zones = append([]string{current}, zones...)
	}
	return zones
}
