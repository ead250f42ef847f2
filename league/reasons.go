package league

import (
	"fmt"
	"strings"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/text"
)

// MaxResultReason bounds the reason a result write gives (a correction's), in bytes.
const MaxResultReason = 1000

// ResultReason refuses the reason a result write gives for the history (a correction's
// "reason"; optional, so empty passes) when it cannot be shown as written: longer than
// MaxResultReason bytes, holding a character that reorders it (a bidi control) or makes
// it look blank (trust review 3), or not text (invalid UTF-8, NUL). The refusal is a
// *scoring.FieldError on "reason".
func ResultReason(reason string) error {
	problem := ""
	switch {
	case len(reason) > MaxResultReason:
		problem = fmt.Sprintf("longer than %d bytes", MaxResultReason)
	case strings.ContainsFunc(reason, text.Invisible):
		problem = "must not contain invisible or text-direction characters"
	case strings.ContainsFunc(reason, text.BlankLooking):
		problem = "must not contain characters that look blank (such as U+3164 or U+2800)"
	case !text.Storable(reason):
		problem = "must be text without NUL characters"
	default:
		return nil
	}
	return &scoring.FieldError{Field: "reason", Problem: problem}
}

// MaxDisputeReason is the longest reason a dispute may give, in characters.
const MaxDisputeReason = 500

// DisputeReason returns a dispute's reason trimmed, refusing (*Invalid) one empty, longer
// than MaxDisputeReason characters or not text: a dispute says why.
func DisputeReason(reason string) (string, error) {
	if reason = strings.TrimSpace(reason); reason == "" || len([]rune(reason)) > MaxDisputeReason || !text.Storable(reason) {
		return "", &Invalid{Reason: fmt.Sprintf("reason: required, at most %d characters of text", MaxDisputeReason),
			ID: "refusal.dispute_reason", Data: map[string]any{"Most": MaxDisputeReason}}
	}
	return reason, nil
}
