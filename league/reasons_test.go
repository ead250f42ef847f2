package league_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/league"
)

func TestResultReason(t *testing.T) {
	tests := []struct {
		name, reason, want string
	}{
		{name: "no reason: a record gives none", reason: ""},
		{name: "a reason in words", reason: "dmitri scored 15, not 50"},
		{name: "any script and an emoji sequence", reason: "Ошибка в подсчёте 👩‍👩‍👧"},
		{name: "as long as it may be", reason: strings.Repeat("x", league.MaxResultReason)},
		{name: "a byte too long", reason: strings.Repeat("x", league.MaxResultReason+1),
			want: "reason: longer than 1000 bytes"},
		// Trust review 3: no bidi control or blank-looking character in a correction's reason.
		{name: "a reason reversed by a bidi control", reason: "typo \u202etxet",
			want: "reason: must not contain invisible or text-direction characters"},
		{name: "a zero width space", reason: "ty\u200bpo",
			want: "reason: must not contain invisible or text-direction characters"},
		{name: "a reason that looks blank", reason: "\u3164",
			want: "reason: must not contain characters that look blank (such as U+3164 or U+2800)"},
		{name: "a Braille blank", reason: "typo \u2800",
			want: "reason: must not contain characters that look blank (such as U+3164 or U+2800)"},
		{name: "a NUL", reason: "no\x00body", want: "reason: must be text without NUL characters"},
		{name: "not UTF-8", reason: "typo \xff", want: "reason: must be text without NUL characters"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := league.ResultReason(tt.reason)
			if tt.want == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Equal(t, tt.want, err.Error())
		})
	}
}

func TestDisputeReason(t *testing.T) {
	tests := []struct {
		name, reason, want, err string
	}{
		{name: "a reason, trimmed", reason: "  dmitri scored 15, not 50\n", want: "dmitri scored 15, not 50"},
		{name: "as long as it may be, in characters", reason: strings.Repeat("é", league.MaxDisputeReason),
			want: strings.Repeat("é", league.MaxDisputeReason)},
		{name: "a dispute says why", reason: " \t ", err: "reason: required, at most 500 characters of text"},
		{name: "a character too long", reason: strings.Repeat("é", league.MaxDisputeReason+1),
			err: "reason: required, at most 500 characters of text"},
		{name: "a NUL", reason: "no\x00body", err: "reason: required, at most 500 characters of text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := league.DisputeReason(tt.reason)
			if tt.err != "" {
				var invalid *league.Invalid
				require.ErrorAs(t, err, &invalid)
				assert.Equal(t, tt.err, invalid.Reason)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}
