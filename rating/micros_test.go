package rating

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMicrosString(t *testing.T) {
	t.Parallel()
	tests := []struct {
		m    Micros
		want string
	}{
		{60 * PerPoint, "60"}, // CONTRACT section 3's example ante
		{12_500_000, "12.5"},  // CONTRACT section 3's example rating
		{60_000_001, "60.000001"},
		{0, "0"},
		{-1, "-0.000001"},
		{-250_000, "-0.25"},
		{-105 * PerPoint, "-105"},
		{1_230_400, "1.2304"},
		{math.MaxInt64, "9223372036854.775807"},
		{math.MinInt64, "-9223372036854.775808"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.m.String())
			b, err := json.Marshal(struct{ R Micros }{tt.m})
			require.NoError(t, err)
			assert.Equal(t, `{"R":`+tt.want+`}`, string(b))
		})
	}
}
