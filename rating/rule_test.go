package rating

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestUpgradeFrom(t *testing.T) {
	tests := []struct {
		name string
		rule int
		want Upgrade
	}{
		// CONTRACT section 3, round 3: "Stored ratings are replayed under this rule."
		{name: "a rule-2 ladder is replayed under the floor", rule: 2, want: Upgrade{Replay: true}},
		{name: "a rule-1 ladder fixes its Vortex places, then is replayed", rule: 1, want: Upgrade{Replay: true, VortexPlaces: true}},
		{name: "a ladder on the current rule is left alone", rule: PotRule, want: Upgrade{}},
		{name: "so is one a newer binary moved on", rule: PotRule + 1, want: Upgrade{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, UpgradeFrom(tt.rule))
		})
	}
}
