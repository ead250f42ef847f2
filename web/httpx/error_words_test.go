package httpx

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// wordedErrors are errors that carry a message id, as the rules and the store make them.
func wordedErrors(t *testing.T) []error {
	t.Helper()
	g, err := scoring.GameBySlug("cartagena")
	require.NoError(t, err)
	var fieldErrs []error
	for _, body := range []string{`{"players":[{"id":"a","score":1}]}`, `{"players":[{"id":"a"},{"id":"b","score":1}]}`} {
		_, err := g.Score(json.RawMessage(body))
		require.Error(t, err, body)
		fieldErrs = append(fieldErrs, err)
	}
	bm, err := scoring.GameBySlug("blue-max")
	require.NoError(t, err)
	_, err = bm.Score(json.RawMessage(`{"sides":[{"name":"W","players":[{"id":"a","units":1.5,"lost":-1,"destroyed":40000,"points":0}]},` +
		`{"name":"D","players":[{"id":"b","units":1,"lost":0,"destroyed":0,"points":0}]}]}`))
	require.Error(t, err)
	fieldErrs = append(fieldErrs, err)
	return append([]error{
		store.ErrOrganisersOnly, store.ErrNotSeated, store.ErrAbsentSeat, store.ErrOwnProposal, store.ErrNotProposer,
		store.ErrAlreadyConfirmed, store.ErrProposalDisputed, store.ErrProposalChanged, store.ErrProposalOutdated,
		store.ErrNotTableOrganiser, store.ErrResultRecorded, store.ErrNoResult, store.ErrNoChange, store.ErrStaleResult,
		store.ErrNotLeagueOrganiser, store.ErrNotManager, league.ErrAlreadySeated, league.ErrGameFull,
		league.ErrLeagueGameSeats, league.ErrSignedUp, league.ErrSeasonStarted, league.ErrNotSignedUp,
		league.ErrNotSeasonOrganiser, store.ErrGamePlayed, store.ErrTableNotReady, league.ErrNotTableScheduler,
		store.ErrLinkInvalid, store.ErrEmailTaken, store.ErrUsernameTaken, store.ErrWrongPassword,
		league.ErrAlreadyMember, league.ErrLeagueFull, league.ErrLeagueRunning, league.ErrLeagueFinished,
		g.AcceptsPlayers(9),
		store.ErrFormerNameHeld, store.ErrAttendanceNotSeated, service.ErrSupercatRated, store.ErrNextSeason,
		store.ErrTooManyTokens, store.NoPlayerNamed("to", "zed"),
		service.ErrLanguageUnknown, service.ErrCurrentPasswordRequired, service.ErrNotMemberSelf, service.ErrNotMember,
		service.ErrOrganiserAlready, service.ErrChapterGameFinished, service.ErrChapterBotInTurn, service.ErrSupercatFinished,
		service.ErrAnswerMovedOn, service.ErrUndoMovedOn, service.ErrUndoNothing, service.ErrTurnNotEnded,
		service.NoSuchNotice("digest"), service.TooManyMembers(9, 8), service.CoOrganiserAlready("ada"),
		service.NotCoOrganiser("ada"), service.StandingsFrozen("finished"), service.BotInTurn("Automa"),
		service.AnswerNoTurn("Automa"), service.UndoNoTurn("Automa"), service.TurnNoTurn("Automa"),
		service.GuildExhausted("Lore 3"),
		store.ErrConfirmLinkUsed, store.ErrConfirmLinkClosed,
		service.ChapterGoesOn(true, []int{0, 2}, []string{"Automa", "Hive"}), service.ChapterGoesOn(false, []int{0}, []string{"Automa"}),
	}, append(leagueRefusals(t), fieldErrs...)...)
}

// leagueRefusals are the league rules' refusals worded in their second round, as the rules
// make them: each carries its message id and blanks.
func leagueRefusals(t *testing.T) []error {
	t.Helper()
	must := func(err error) error {
		t.Helper()
		require.Error(t, err)
		return err
	}
	_, privacy := league.SetPrivacy("closed", false, true)
	_, invite := league.RenewInvite(false)
	_, join := league.Join(league.Joining{Status: "cancelled", Size: 4})
	var ends []error
	for _, e := range []league.Ending{league.Cancel, league.Close, league.Archive} {
		_, err := league.End("archived", e)
		ends = append(ends, must(err))
	}
	_, reopen := league.Reopen(league.Reopening{Status: league.Running}, time.Now())
	_, late := league.Reopen(league.Reopening{Status: league.Closed}, time.Now())
	_, _, first := league.Rhythm(time.UTC, "", "7")
	_, _, every := league.Rhythm(time.UTC, "2026-12-01T19:00", "0")
	_, when := league.ParseWhen("at", "soon", time.UTC)
	_, dispute := league.DisputeReason(" ")
	ada, bo := league.Standing{Name: "ada", Member: true}, league.Standing{Name: "bo"}
	return append([]error{
		must(league.MoveGames("archived")), must(league.Reschedule(true)), must(league.MoveRound(3, 0)),
		must(league.MayChange(league.Running, league.Leave, "ada")),
		must(league.MayChange(league.Open, league.Replace, "ada")),
		must(league.MayChange(league.Open, league.Withdraw, "ada")),
		must(league.MayChange("closed", league.Replace, "ada")),
		must(league.MayReplace(league.Replacing{From: league.Standing{Name: "ada", Withdrawn: true}, To: bo})),
		must(league.MayReplace(league.Replacing{From: league.Standing{Name: "ada"}, To: bo})),
		must(league.MayReplace(league.Replacing{From: ada, To: league.Standing{Name: "bo", Withdrawn: true}})),
		must(league.MayReplace(league.Replacing{From: ada, To: ada, Same: true})),
		must(league.MayReplace(league.Replacing{From: ada, To: league.Standing{Name: "bo", Member: true}})),
		must(league.MayReplace(league.Replacing{From: ada, To: league.Standing{Name: "bo", Replaced: true}})),
		must(league.MayWithdraw(league.Standing{Name: "ada", Withdrawn: true}, 5)),
		must(league.MayWithdraw(league.Standing{Name: "ada", Replaced: true}, 5)),
		must(league.MayWithdraw(league.Standing{Name: "ada"}, 5)),
		must(league.MayWithdraw(ada, league.MinPlayersLeft)),
		must(privacy), must(invite), must(join), league.ErrInviteInvalid,
		league.ErrNotOrganiser, league.ErrStandingsFrozen, league.ErrSeatsChanged,
		must(league.AddWebhook(league.MaxWebhooks)),
		must(reopen), must(late), must(first), must(every), must(when), must(dispute),
		must(league.Reshape(league.Running, league.ScheduleShape{Players: true})),
		must(league.Reshape(league.Running, league.ScheduleShape{RecentDays: true})),
		must(league.MayChangeSignUp("running")), must(league.Over("running")),
		must(league.CheckDivisions([]int{1}, 4)), must(league.CheckDivisions([]int{2}, 4)), must(league.CheckDivisions([]int{5, 4}, 5)), must(league.CheckDivisions([]int{40, 40}, 4)),
		must(league.CheckSeason(4, 2, 0)), must(league.CheckSeason(4, 2, -1)), must(league.CheckSeason(4, 2, 1)),
		must(league.CheckSeason(4, 6, -1)), must(league.CheckSeason(4, 6, 3)),
		must(league.PlaceProblem("a\x01")), must(league.PlaceProblem("a\u200bb")), must(league.PlaceProblem("a\u3164b")),
		must(league.PlaceProblem(strings.Repeat("x", 201))), must(league.PlaceProblem("\u0410da club")),
		must(league.Resize(1, 1)), must(league.Resize(5, 4)), must(league.Delete(league.Finished, 1)), must(league.Delete(league.Running, 3)),
	}, ends...)
}

// A refusal's English message is its error's text word for word, so the English page and
// the API say the same; every other language says its own words.
func TestWordedErrorsSayTheirEnglishExactly(t *testing.T) {
	t.Parallel()
	en := locales.Default()
	de, _ := locales.Get("de")
	for _, err := range wordedErrors(t) {
		_, message := Classify(ResultError(err))
		assert.Equal(t, message, SayError(en, ResultError(err)), "the English page says what the API says")
		assert.NotEqual(t, message, SayError(de, ResultError(err)), "German has its own words for %q", message)
	}
}

// Pages say the rules' refusals in their reader's language, found by the message id the error
// carries (however the English is worded), and show the ones without words as they are.
func TestSayErrorInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	de, _ := locales.Get("de")
	it, _ := locales.Get("it")
	fr, _ := locales.Get("fr")
	g, _ := scoring.GameBySlug("cartagena")
	_, scoreErr := g.Score(json.RawMessage(`{"players":[{"id":"a"},{"id":"b"}]}`))
	require.Error(t, scoreErr)
	for _, tc := range []struct {
		name string
		lang locales.Lang
		err  error
		want string
	}{
		{"a confirmation twice", de, fmt.Errorf("service: confirm: %w", store.ErrAlreadyConfirmed), "Vorschlag: du hast ihn schon bestätigt"},
		{"a reworded English keeps its words", de, &league.Conflict{Reason: "proposal: you confirmed it before", ID: "refusal.already_confirmed"},
			"Vorschlag: du hast ihn schon bestätigt"},
		{"with a name", it, fmt.Errorf("store: propose: %w", &store.Conflict{Reason: "x", ID: "refusal.proposal_stands",
			Data: map[string]any{"Proposer": "Ada"}}), "proposta: Ada ha già proposto il risultato di questa partita; confermalo o contestalo"},
		{"a role refusal", it, fmt.Errorf("store: close: %w", store.ErrNotLeagueOrganiser), "solo l'organizzatore della lega può farlo"},
		{"every field problem of a result, each after its field", de, ResultError(scoreErr),
			"players[0].score: fehlt; players[1].score: fehlt"},
		{"the game's player count", de, g.AcceptsPlayers(9), "players_per_game: Cartagena hat 2 bis 5 Spieler pro Partie, nicht 9"},
		{"a league's status in the reader's words", de, league.MoveGames("archived"),
			"Liga: archiviert; ihre Partien lassen sich nicht mehr verschieben"},
		{"a name and a number", it, league.MayChange(league.Running, league.Leave, "Ada"),
			"lega: in corso, quindi i posti sono fissati; chiedi all'organizzatore (Ada) di sostituire il giocatore con un sostituto"},
		{"one result, singular", de, league.Delete(league.Finished, 1),
			"Liga: 1 Ergebnis ist eingetragen, und Ergebnisse bleiben in den Wertungen der Spieler, also kann die Liga nicht gelöscht werden; archiviere sie stattdessen"},
		{"results, plural", fr, league.Delete(league.Running, 3),
			"ligue : 3 résultats sont enregistrés, et les résultats restent dans les cotes des joueurs, la ligue ne peut donc pas être supprimée ; clôturez-la plutôt en avance (son classement est figé)"},
		{"a rate limit", de, Refused(msgTooManyLogins, Limit{Attempts: 5}), de.T("error.too_many_logins")},
		{"not found", de, fmt.Errorf("store: league: %w", store.ErrNotFound), de.T("error.not_found")},
		{"bad credentials", de, store.ErrBadCredentials, de.T("error.bad_credentials")},
		{"a refusal without words yet", de, &store.Conflict{Reason: "league: archived; its games can no longer be moved"},
			"league: archived; its games can no longer be moved"},
		{"a forbidden without words keeps its reason", de, &store.Forbidden{Reason: "invite: expired"}, "invite: expired"},
		{"a failure says nothing of itself", de, errors.New("pgx: secret"), de.T("error.internal")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, SayError(tc.lang, tc.err))
		})
	}
}
