package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readBack is rate's output as a reader decodes it (amounts as exact decimal text).
type readBack struct {
	Ratings []struct {
		ID     string      `json:"id"`
		Rating json.Number `json:"rating"`
		Games  int         `json:"games"`
	} `json:"ratings"`
	Games []struct {
		ID      string `json:"id"`
		System  string `json:"system"`
		Players []struct {
			ID           string      `json:"id"`
			Ante         json.Number `json:"ante"`
			Award        json.Number `json:"award"`
			Delta        json.Number `json:"delta"`
			Substitute   string      `json:"substitute"`
			Winner       bool        `json:"winner"`
			Credited     string      `json:"credited"`
			RatingBefore json.Number `json:"rating_before"`
			RatingAfter  json.Number `json:"rating_after"`
		} `json:"players"`
	} `json:"games"`
}

// spaces is an endless reader of blanks.
type spaces struct{}

// Read fills p with spaces.
func (spaces) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}

func TestRateReadsInputBeyond64MiB(t *testing.T) {
	t.Parallel()
	// 65 MiB of blanks between two games: the old reader refused anything over 64 MiB.
	game := `{"id":"g%s","system":"placement","input":{"players":[{"id":"A","score":2},{"id":"B","score":1}]}}`
	input := io.MultiReader(
		strings.NewReader(`{"games":[`+strings.Replace(game, "%s", "1", 1)+","),
		io.LimitReader(spaces{}, 65<<20),
		strings.NewReader(strings.Replace(game, "%s", "2", 1)+"]}"),
	)
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"rate"}, input, &out))
	var got readBack
	require.NoError(t, json.Unmarshal(out.Bytes(), &got))
	require.Len(t, got.Games, 2)
	assert.Equal(t, "g2", got.Games[1].ID)
	assert.Equal(t, "A", got.Ratings[0].ID)
	assert.Equal(t, 2, got.Ratings[0].Games)
}

func TestRateWritesIDsAsJSONDoes(t *testing.T) {
	t.Parallel()
	// The ledger is written by hand, line by line: ids that need escaping must come out as
	// encoding/json writes them, and the whole output must read back as CONTRACT's shape.
	ids := []string{`quote"d`, `back\slash`, "Zoë", "<b>&", "x\u2028y"}
	var players []string
	for i, id := range ids {
		q, err := json.Marshal(id)
		require.NoError(t, err)
		players = append(players, `{"id":`+string(q)+`,"score":`+string(rune('0'+i))+`}`)
	}
	input := `{"games":[{"id":"g\"1","system":"placement","input":{"players":[` + strings.Join(players, ",") +
		`]},"replaced":{"Zoë":"sub\"x"}}]}`
	text, err := runRateText(t, input)
	require.NoError(t, err)
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	var got readBack
	require.NoError(t, dec.Decode(&got), text)
	require.Len(t, got.Games, 1)
	assert.Equal(t, `g"1`, got.Games[0].ID)
	for i, id := range ids {
		assert.Equal(t, id, got.Games[0].Players[i].ID)
	}
	assert.Equal(t, `sub"x`, got.Games[0].Players[2].Substitute)
	var total int64
	for _, r := range got.Ratings {
		total += micros(t, r.Rating.String())
	}
	assert.Zero(t, total, "a ladder's ratings sum to 0")
}
