package text

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMixedScriptWord(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"\u0410da", "\u0410da"}, // the reported look-alike: a Cyrillic А before "da"
		{"P\u0430ypal", "P\u0430ypal"},
		{"Ada Lovelace", ""}, {"Zoë", ""}, {"Ада Лавлейс", ""}, {"Ada Лавлейс", ""},
		{"東京タワーとうきょう", ""}, {"한국語", ""}, {"عادل", ""}, {"Ωmega", "Ωmega"},
		{"club-\u0441lub", "\u0441lub"}, {"", ""}, {"1234", ""},
	} {
		assert.Equal(t, tc.want, MixedScriptWord(tc.in), tc.in)
	}
}

func TestBlankLookingAndInvisible(t *testing.T) {
	for _, r := range []rune{'\u3164', '\u2800', '\u115f', '\uffa0'} {
		assert.True(t, BlankLooking(r), "%U", r)
	}
	assert.False(t, BlankLooking('a'))
	for _, r := range []rune{'\u202e', '\u2066', '\u200b', '\ufeff', '\u061c'} {
		assert.True(t, Invisible(r), "%U", r)
	}
	assert.False(t, Invisible('\u200d'), "the zero-width joiner stays")
}

// Trust review 4, finding 8: full-width and mathematical letters were stored as look-alike
// names. Name gives the ordinary characters they stand for; ordinary text is untouched.
func TestNameIsNFKC(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"ＡＤＡ", "ADA"}, // the reported full-width name
		{"𝕬𝖉𝖆", "Ada"}, // the reported mathematical fraktur
		{"𝐀𝐝𝐚 𝓛𝓸𝓿𝓮𝓵𝓪𝓬𝓮", "Ada Lovelace"}, // bold, script
		{"  ｆｉ ", "fi"}, // trimmed after, as well as before
		{"ﬁnn", "finn"}, // a ligature
		{"Ⓐda", "Ada"},  // circled
		{"Ada Lovelace", "Ada Lovelace"},
		{"Zoë", "Zoë"}, {"Zoe\u0308", "Zoë"}, // composed either way
		{"Ада", "Ада"}, {"東京", "東京"}, {"", ""},
	} {
		assert.Equal(t, tc.want, Name(tc.in), tc.in)
	}
}
