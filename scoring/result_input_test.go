package scoring

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A result is decoded once, at the edge: ScoreSeated scores the decoded value and does not
// read the body's text again.
func TestScoreSeatedScoresTheDecodedInput(t *testing.T) {
	cartagena := mustGame(t, "cartagena")
	in, err := cartagena.DecodeResult(cartagena.DefaultVersion(),
		[]byte(`{"players":[{"id":"ada","score":3},{"id":"bruno","score":5}],"reason":"typo"}`))
	require.NoError(t, err)
	assert.Equal(t, "typo", in.Reason)
	for i := range in.Scorer {
		in.Scorer[i] = ' ' // the text, blanked after the decode, is not read again
	}
	res, err := ScoreSeated(cartagena, in, []Seat{{1, "ada"}, {2, "bruno"}})
	require.NoError(t, err)
	assert.Equal(t, "bruno", res.Result.Results[1].ID)
	assert.Equal(t, 1, res.Lines[1].Place)
}

// The problems come in the order ScoreSeated met them when it took bytes: the die, then the
// app's fields, then the scorer's input; a score the game does not allow is named as written.
func TestDecodeResultNamesProblemsInOrder(t *testing.T) {
	vortex := mustGame(t, "vortex")
	d12, err := vortex.Version("d12")
	require.NoError(t, err)
	_, err = vortex.DecodeResult(d12, []byte(`{"die":6,"reason":7,"players":[{"id":"ada","start":0,"tokens":[30,0,0,0]}]}`))
	assert.EqualError(t, err, `die: this game is played with a d12 (its version, "d12"), got 6`)
	_, err = vortex.DecodeResult(d12, []byte(`{"reason":7,"players":[{"id":"ada","start":0,"tokens":[30,0,0,0]}]}`))
	assert.EqualError(t, err, "reason: must be a string, got a number")
	board, err := vortex.DecodeResult(d12, []byte(`{"players":[{"id":"ada","start":0,"tokens":[3,0,0,0]},{"id":"bruno","start":8,"tokens":[3,0,0,0]}]}`))
	require.NoError(t, err)
	assert.Equal(t, `{"die":12,"players":[{"id":"ada","start":0,"tokens":[3,0,0,0]},{"id":"bruno","start":8,"tokens":[3,0,0,0]}]}`, string(board.Body))

	cartagena := mustGame(t, "cartagena")
	in, err := cartagena.DecodeResult(cartagena.DefaultVersion(), []byte(`{"players":[{"id":"ada","score":2.50},{"id":"bruno","score":-1}]}`))
	require.NoError(t, err, "the scorer reads any number; the game's own rule comes when it is scored")
	_, err = ScoreSeated(cartagena, in, []Seat{{1, "ada"}, {2, "bruno"}})
	var msgs []string
	for _, fe := range AllFieldErrors(err) {
		msgs = append(msgs, fe.Error())
	}
	assert.Equal(t, []string{"players[0].score: Cartagena scores are whole numbers of 0 or more, got 2.50",
		"players[1].score: Cartagena scores are whole numbers of 0 or more, got -1"}, msgs)
}

// TestResultAppFieldsAreReadStrictly holds the app's fields of a result body to the one
// strict reader: each given twice is refused, and a reason that is no UTF-8 text is refused
// rather than stored with its bytes replaced.
func TestResultAppFieldsAreReadStrictly(t *testing.T) {
	t.Parallel()
	players := `"players":[{"id":"ada","score":3},{"id":"bruno","score":5}]`
	for body, want := range map[string]string{
		`{` + players + `,"reason":"a","reason":"b"}`:              "reason: given twice",
		`{` + players + `,"replaced":{"ada":"x"},"replaced":null}`: "replaced: given twice",
		`{` + players + `,"replaced":{"ada":"x","ada":"y"}}`:       "replaced.ada: given twice",
		`{` + players + `,"reason":"` + "\xff" + `"}`:              "reason: must be valid UTF-8",
		`{` + players + `,"reason":"\udc00"}`:                      "reason: must be valid UTF-8",
	} {
		_, err := DecodeResultInput([]byte(body))
		assert.EqualError(t, err, want, body)
	}
}
