package api

import (
	"strings"

	"github.com/tablestakes/tablestakes/templates"
)

// fieldErrorsText renders every failing field as "field: message", in form order joined by
// "; ", for the API's {"error": ...}: a sign-up learns all its problems at once.
func fieldErrorsText(errs templates.FieldErrors) string {
	var parts []string
	for _, f := range []string{"username", "display_name", "password"} { // form order
		if msg, ok := errs[f]; ok {
			parts = append(parts, f+": "+msg)
		}
	}
	return strings.Join(parts, "; ")
}
