package pages

import (
	"strconv"

	"github.com/tablestakes/tablestakes/templates"
)

// formInt parses a whole-number form field; an empty field takes def, anything else that
// is not a whole number records an error on field.
func formInt(s, field string, def int, errs templates.FieldErrors) int {
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		errs[field] = "must be a whole number"
		return 0
	}
	return n
}
