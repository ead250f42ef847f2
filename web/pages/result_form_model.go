package pages

import (
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// resultForm is the result form's model: the game it is fitted to and what the organiser
// typed, seat by seat (scoring.FormEntry, which binds the posted values, fills them from a
// decoded result and builds the result from them, every problem on its input).
type resultForm struct {
	game  store.ResultGame
	entry scoring.FormEntry
}

// newResultForm is the empty form of g, fitted to its scorer; a finished game's form is a
// correction, which asks why.
func newResultForm(g store.ResultGame) *resultForm {
	e := scoring.NewFormEntry(g.Game, g.GameVersion, g.LeagueSeats())
	e.Correcting = g.Status == store.GameFinished
	return &resultForm{game: g, entry: e}
}

// fields are the keys of the per-seat fields the form asks for its game, in order.
func (f *resultForm) fields() []string {
	var keys []string
	for _, field := range f.entry.Form.Fields() {
		keys = append(keys, field.Key)
	}
	return keys
}

// seatRef is the game's seat at position, with its player's display name.
func (f *resultForm) seatRef(position int) store.SeatRef {
	for _, s := range f.game.Seats {
		if s.Position == position {
			return s
		}
	}
	return store.SeatRef{Position: position}
}

// problems are err's problems (a build's, a check's against the seats) with their message
// ids: by input name, and those no input holds (issue #24: never a body path such as
// "players[1].score").
func (f *resultForm) problems(err error) (errs templates.FormErrors, elsewhere []templates.FormWords) {
	on, rest := f.entry.Problems(err)
	errs = templates.FormErrors{}
	for name, fe := range on {
		errs[name] = formWords(fe)
	}
	for _, fe := range rest {
		elsewhere = append(elsewhere, formWords(fe))
	}
	return errs, elsewhere
}

// formWords is a field problem as the form's view says it: by its message id and blanks,
// or its English.
func formWords(fe *scoring.FieldError) templates.FormWords {
	id, data := fe.Words()
	return templates.FormWords{ID: id, Data: data, English: fe.Problem}
}
