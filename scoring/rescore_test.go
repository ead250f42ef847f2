package scoring

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRescorePlaces(t *testing.T) {
	input := []byte(`{"players":[{"id":"Ada","score":3},{"id":"bruno","score":9},{"id":"chloe","score":5}],"reason":"typo"}`)
	res, err := Score(Vortex, []byte(`{"players":[{"id":"Ada","score":3},{"id":"bruno","score":9},{"id":"chloe","score":5}]}`))
	require.NoError(t, err)
	for i := range res.Results {
		res.Results[i].Place = 0 // as stored before places were by score
	}
	res.Results[0].ID = "ada" // the stored output keeps the seated usernames
	output, err := json.Marshal(res)
	require.NoError(t, err)

	places, rescored, ok, err := RescorePlaces(Vortex, input, output)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, map[string]int{"ada": 3, "bruno": 1, "chloe": 2}, places)
	var out Result
	require.NoError(t, json.Unmarshal(rescored, &out))
	assert.Equal(t, []string{"ada", "bruno", "chloe"}, []string{out.Results[0].ID, out.Results[1].ID, out.Results[2].ID})
	assert.Equal(t, []int{3, 1, 2}, []int{out.Results[0].Place, out.Results[1].Place, out.Results[2].Place})

	// A result the scorer now refuses keeps what it has.
	_, _, ok, err = RescorePlaces(Vortex, []byte(`{"players":[{"id":"ada","score":"high"}]}`), output)
	require.NoError(t, err)
	assert.False(t, ok)
	_, _, ok, err = RescorePlaces(Vortex, input, []byte(`not json`))
	require.NoError(t, err)
	assert.False(t, ok)
}
