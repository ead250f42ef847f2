package httpx

import (
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// ResultsSetting is who enters results and the confirmation window as the API takes them
// (CONTRACT section 8): on a league's creation and edit, and on a normal game's creation.
type ResultsSetting struct {
	ResultsBy    *string `json:"results_by"`
	ConfirmHours *int    `json:"confirm_hours"`
}

// Values returns the setting given ("" and 0 where not given: the defaults, or no change)
// and adds a message per wrong field to errs.
func (r ResultsSetting) Values(errs templates.FieldErrors) (string, int) {
	var by string
	var hours int
	if r.ResultsBy != nil {
		if by = *r.ResultsBy; by == "" {
			errs["results_by"] = ResultsByProblem
		}
	}
	if r.ConfirmHours != nil {
		if hours = *r.ConfirmHours; hours == 0 {
			errs["confirm_hours"] = ConfirmHoursProblem
		}
	}
	ValidateResultsSetting(by, hours, errs)
	return by, hours
}

// Messages of a wrong results setting.
const (
	ResultsByProblem    = `must be "organisers" (only the organisers enter results) or "players" (players report, the table confirms)`
	ConfirmHoursProblem = "must be a whole number of hours from 1 to 336 (two weeks)"
)

// ValidateResultsSetting adds a message per wrong field of a results setting to errs; ""
// and 0 stand for the defaults.
func ValidateResultsSetting(resultsBy string, hours int, errs templates.FieldErrors) {
	if resultsBy != "" && resultsBy != store.ResultsByOrganisers && resultsBy != store.ResultsByPlayers {
		errs["results_by"] = ResultsByProblem
	}
	if hours != 0 && (hours < 1 || hours > store.MaxConfirmHours) {
		errs["confirm_hours"] = ConfirmHoursProblem
	}
}
