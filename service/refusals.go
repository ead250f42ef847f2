package service

import (
	"fmt"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
)

// The service's refusals, each with its message id in the locales files and the blanks it
// fills, so pages say them in the reader's language; the API answers with Reason, whose
// English the message repeats word for word.
var (
	// ErrLanguageUnknown refuses a language code TableStakes does not speak.
	ErrLanguageUnknown = &store.Invalid{Reason: "language: " + locales.Default().T("account.language.unknown"), ID: "refusal.language_unknown"}
	// ErrCurrentPasswordRequired refuses a new password without the current one.
	ErrCurrentPasswordRequired = &store.Invalid{Reason: "current_password: required", ID: "refusal.current_password_required"}
	// ErrNotMemberSelf refuses leaving a league the user is not a member of.
	ErrNotMemberSelf = &store.Conflict{Reason: "league: you are not a member of this league", ID: "refusal.not_member_self"}
	// ErrNotMember refuses removing a player who is not a member of the league.
	ErrNotMember = &store.Conflict{Reason: "username: not a member of this league", ID: "refusal.not_member"}
	// ErrOrganiserAlready refuses handing a league to its organiser.
	ErrOrganiserAlready = &store.Conflict{Reason: "username: you are the organiser already", ID: "refusal.organiser_already"}
	// ErrChapterGameFinished refuses ending a chapter of a finished SUPERCAT game.
	ErrChapterGameFinished = &store.Conflict{Reason: "chapter: the game is finished", ID: "refusal.chapter_game_finished"}
	// ErrChapterBotInTurn refuses ending a chapter while a bot is in the middle of a turn.
	ErrChapterBotInTurn = &store.Conflict{Reason: "chapter: a bot is in the middle of a turn; finish it first", ID: "refusal.chapter_bot_in_turn"}
	// ErrSupercatRated refuses finishing a SUPERCAT game that is already finished and rated.
	ErrSupercatRated = &store.Conflict{Reason: "finish: the game is already finished and rated", ID: "refusal.supercat_already_rated"}
	// ErrSupercatFinished refuses a turn in a SUPERCAT game already finished and rated.
	ErrSupercatFinished = &store.Conflict{Reason: "the game is finished and rated: it takes no more turns", ID: "refusal.supercat_finished"}
	// ErrAnswerMovedOn refuses an answer given on a page loaded before the turn moved on.
	ErrAnswerMovedOn = &store.Conflict{Reason: "answer: the turn has moved on since this page was loaded", ID: "refusal.answer_moved_on"}
	// ErrUndoMovedOn refuses an undo from a page loaded before the turn moved on.
	ErrUndoMovedOn = &store.Conflict{Reason: "undo: the turn has moved on since this page was loaded", ID: "refusal.undo_moved_on"}
	// ErrUndoNothing refuses an undo before any answer.
	ErrUndoNothing = &store.Conflict{Reason: "undo: no answer to take back yet", ID: "refusal.undo_nothing"}
	// ErrTurnNotEnded refuses ending a turn whose procedures still ask questions.
	ErrTurnNotEnded = &store.Conflict{Reason: "turn: answer the procedures' questions until the turn ends", ID: "refusal.turn_not_ended"}
)

// NoSuchNotice refuses a notification kind that does not exist.
func NoSuchNotice(kind string) error {
	kinds := fmt.Sprint(store.NoticeKinds)
	return &store.Invalid{Reason: fmt.Sprintf("%s: no such notification; the kinds are %s", kind, kinds),
		ID: "refusal.no_such_notice", Data: map[string]any{"Kind": kind, "Kinds": kinds}}
}

// TooManyMembers refuses more members than the league has places.
func TooManyMembers(members, places int) error {
	return &store.Invalid{Reason: fmt.Sprintf("members: %d players for a league of %d", members, places),
		ID: "refusal.too_many_members", Data: map[string]any{"Members": members, "Places": places}}
}

// CoOrganiserAlready refuses adding a co-organiser twice.
func CoOrganiserAlready(name string) error {
	return &store.Conflict{Reason: "username: " + name + " is a co-organiser already", ID: "refusal.co_organiser_already", Data: map[string]any{"Name": name}}
}

// NotCoOrganiser refuses removing a co-organiser who is not one.
func NotCoOrganiser(name string) error {
	return &store.Conflict{Reason: "username: " + name + " is not a co-organiser", ID: "refusal.not_co_organiser", Data: map[string]any{"Name": name}}
}

// StandingsFrozen refuses a result in a league whose standings are frozen, naming its status.
func StandingsFrozen(status string) error {
	return &store.Conflict{Reason: "league: " + status + "; its standings are frozen and take no more results",
		ID: "refusal.standings_frozen", Data: map[string]any{"Status": status}}
}

// botRefusal is a SUPERCAT refusal that names a bot (or a card).
func botRefusal(reason, id, name string) error {
	return &store.Conflict{Reason: reason, ID: id, Data: map[string]any{"Name": name}}
}

// BotInTurn refuses starting a turn for a bot already in the middle of one.
func BotInTurn(bot string) error {
	return botRefusal("turn: "+bot+" is already in the middle of a turn", "refusal.bot_in_turn", bot)
}

// AnswerNoTurn refuses an answer for a bot with no turn in progress.
func AnswerNoTurn(bot string) error {
	return botRefusal("answer: "+bot+" has no turn in progress", "refusal.answer_no_turn", bot)
}

// UndoNoTurn refuses an undo for a bot with no turn in progress.
func UndoNoTurn(bot string) error {
	return botRefusal("undo: "+bot+" has no turn in progress", "refusal.undo_no_turn", bot)
}

// TurnNoTurn refuses ending the turn of a bot with no turn in progress.
func TurnNoTurn(bot string) error {
	return botRefusal("turn: "+bot+" has no turn in progress", "refusal.turn_no_turn", bot)
}

// GuildExhausted refuses exhausting a Guild or lore card twice in a chapter.
func GuildExhausted(card string) error {
	return botRefusal("guild: "+card+" is already exhausted this chapter", "refusal.guild_exhausted", card)
}

// ChapterGoesOn refuses ending a SUPERCAT chapter that goes on (scoring.SupercatChapterEnds
// says why): a bot's hand counter above 0, or the player's cards left; nil when it ends.
func ChapterGoesOn(playerHasNoCards bool, hands []int, names []string) error {
	ok, why := scoring.SupercatChapterEnds(playerHasNoCards, hands, names)
	if ok {
		return nil
	}
	for i, h := range hands {
		if h > 0 {
			return &store.Conflict{Reason: "chapter: " + why, ID: "refusal.chapter_hand_left",
				Data: map[string]any{"Name": names[i], "Count": h}}
		}
	}
	return &store.Conflict{Reason: "chapter: " + why, ID: "refusal.chapter_cards_left"}
}
