#compdef memo

__memo_complete() {
    local -ar non_empty_completions=("${@:#(|:*)}")
    local -ar empty_completions=("${(M)@:#(|:*)}")
    _describe -V '' non_empty_completions -- empty_completions -P $'\'\''
}

__memo_custom_complete() {
    local -a completions
    completions=("${(@f)"$("${command_name}" "${@}" "${command_line[@]}")"}")
    if [[ "${#completions[@]}" -gt 1 ]]; then
        __memo_complete "${completions[@]:0:-1}"
    fi
}

__memo_cursor_index_in_current_word() {
    if [[ -z "${QIPREFIX}${IPREFIX}${PREFIX}" ]]; then
        printf 0
    else
        printf %s "${#${(z)LBUFFER}[-1]}"
    fi
}

_memo() {
    emulate -RL zsh -G
    setopt extendedglob nullglob numericglobsort
    unsetopt aliases banghist

    local -xr SAP_SHELL=zsh
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(builtin emulate zsh -c 'printf %s "${ZSH_VERSION}"')"
    local -r SAP_SHELL_VERSION

    local context state state_descr line
    local -A opt_args

    local -r command_name="${words[1]}"
    local -ar command_line=("${words[@]}")
    local -ir current_word_index="$((CURRENT - 1))"

    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'add:Add a post (one memo per book) and print its id.'
            'list:List posts, newest first; with question filters, the posts and their matching questions.'
            'show:Show a post.'
            'edit:Edit a post: the fields given as flags, or all of it in your editor.'
            'rm:Delete posts, with their questions and their place on the shelf.'
            'ask:Add a question to a post and print its id.'
            'questions:List questions, newest first (the current filter applies unless --all).'
            'question:Show, edit or delete a question.'
            'highlights:List highlights: a post'\''s in reading order, else all, newest first.'
            'highlight:Add, show, edit, star or delete a highlight.'
            'merge:Join two posts that are one book into the first.'
            'star:Star questions.'
            'unstar:Take the star off questions.'
            'answer:Answer a question (replacing any earlier answer).'
            'unanswer:Remove a question'\''s answer.'
            'fav:Put posts on the favorites shelf (at the end, in the order given).'
            'unfav:Take posts off the favorites shelf.'
            'favorites:List the favorites shelf, in the order posts were put on it.'
            'category:List, add, rename or delete question categories.'
            'filter:The current question filter, and saved filters.'
            'export:Export notes: a complete backup, or what changed since a date or the last run.'
            'import:Import a memo export (json, jsonl, csv), a reader'\''s highlights (Kindle, KOReader, Kobo, Apple Books, Readwise) or a Goodreads library.'
            'search:Search post titles, authors, bodies, questions, answers and highlights, best match first.'
            'stats:Counts, a calendar of the last 52 weeks of reading, and the top categories.'
            'review:Rate questions and highlights and see what is due for review.'
            'undo:Undo the latest changes (1, or N), newest first.'
            'redo:Redo changes undone with '\''memo undo'\'' (1, or N), oldest first.'
            'log:List the journal of changes, newest first, and whether each was undone.'
            'db:The database file: where it is, whether it is sound, a safe copy.'
            'sync:Keep the same notes on several machines, through a git repository.'
            'browse:Browse books, questions, the filter, search and favorites, full screen.'
            'help:Show subcommand help information.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        add|list|show|edit|rm|ask|questions|question|highlights|highlight|merge|star|unstar|answer|unanswer|fav|unfav|favorites|category|filter|export|import|search|stats|review|undo|redo|log|db|sync|browse|help)
            "_memo_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_memo_add() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':title|-:'
        '--author[The book'\''s author.]:author:'
        '--body[The memo'\''s text; '\''-'\'' reads it from stdin.]:text|-:'
        '--source[Where the book comes from\: an ISBN, a URL, …]:source:'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_list() {
    local -i ret=1
    local -ar ___sort=('created' 'updated' 'title')
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '--starred[Only starred questions.]'
        '--unstarred[Only questions without a star.]'
        '--answered[Only answered questions.]'
        '--unanswered[Only questions without an answer.]'
        '*--category[Only questions in this category (repeat for any of several).]:name:{__memo_custom_complete ---completion list -- --category "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--filter[Use this saved filter instead of the current one.]:name:{__memo_custom_complete ---completion list -- --filter "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--all[Ignore the current filter (set with '\''memo filter set'\'').]'
        '--favorites[Only posts on the favorites shelf.]'
        '--author[Only posts whose author contains this text (ignoring case).]:author:'
        '--sort[Order\: created, updated or title.]:order:{__memo_complete "${___sort[@]}"}'
        '--reverse[Reverse the order.]'
        '--since[Only posts created at or after DATE.]:date:'
        '--until[Only posts created up to DATE.]:date:'
        '--limit[Show at most N posts.]:limit:'
        '--offset[Skip the first N posts.]:offset:'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_show() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':post:{__memo_custom_complete ---completion show -- positional@0 "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_edit() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':post:{__memo_custom_complete ---completion edit -- positional@0 "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--title[A new title.]:title:'
        '--author[A new author ("" clears it).]:author:'
        '--body[A new body; '\''-'\'' reads it from stdin ("" clears it).]:text|-:'
        '--source[A new source ("" clears it).]:source:'
        '--from[Save the post from FILE, a file an editor session kept, without opening the editor.]:file:'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_rm() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '*:posts:{__memo_custom_complete ---completion rm -- positional@0 "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '(-y --yes)'{-y,--yes}'[Delete without asking.]'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_ask() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':post:{__memo_custom_complete ---completion ask -- positional@0 "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        ':text|-:'
        '--highlight[Ask about this highlight (see '\''memo highlights'\''), on its post.]:highlight:'
        '--category[The question'\''s category (created if new).]:category:{__memo_custom_complete ---completion ask -- --category "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--star[Star the question.]'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_questions() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '--starred[Only starred questions.]'
        '--unstarred[Only questions without a star.]'
        '--answered[Only answered questions.]'
        '--unanswered[Only questions without an answer.]'
        '*--category[Only questions in this category (repeat for any of several).]:name:{__memo_custom_complete ---completion questions -- --category "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--filter[Use this saved filter instead of the current one.]:name:{__memo_custom_complete ---completion questions -- --filter "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--all[Ignore the current filter (set with '\''memo filter set'\'').]'
        '--since[Only questions created at or after DATE.]:date:'
        '--until[Only questions created up to DATE.]:date:'
        '--post[Only this post'\''s questions.]:post:{__memo_custom_complete ---completion questions -- --post "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--limit[Show at most N questions.]:limit:'
        '--offset[Skip the first N questions.]:offset:'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_question() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'show:Show a question with its answer.'
            'edit:Edit a question'\''s text or category, from flags or in your editor.'
            'rm:Delete questions.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        show|edit|rm)
            "_memo_question_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_memo_question_show() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':question:{__memo_custom_complete ---completion question show -- positional@0 "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_question_edit() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':question:{__memo_custom_complete ---completion question edit -- positional@0 "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--text[The new text; '\''-'\'' reads it from stdin.]:text|-:'
        '--category[The new category (created if new; "" removes it).]:category:{__memo_custom_complete ---completion question edit -- --category "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--from[Save the question from FILE, a file an editor session kept, without opening the editor.]:file:'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_question_rm() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '*:questions:{__memo_custom_complete ---completion question rm -- positional@0 "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '(-y --yes)'{-y,--yes}'[Delete without asking.]'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_highlights() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '--post[Only this post'\''s highlights.]:post:{__memo_custom_complete ---completion highlights -- --post "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--starred[Only starred highlights.]'
        '--since[Only highlights added at or after DATE.]:date:'
        '--limit[Show at most N highlights.]:limit:'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_highlight() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'add:Add a highlight (a passage of the book) to a post and print its id.'
            'show:Show a highlight with its note, its place and the questions asked about it.'
            'edit:Change a highlight'\''s text, note or place.'
            'rm:Delete highlights.'
            'star:Star highlights.'
            'unstar:Unstar highlights.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        add|show|edit|rm|star|unstar)
            "_memo_highlight_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_memo_highlight_add() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':post:{__memo_custom_complete ---completion highlight add -- positional@0 "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        ':text|-:'
        '--chapter[The chapter it is in.]:chapter:'
        '--page[The page it is on, as printed (12, xii).]:page:'
        '--location[Its location (a Kindle'\''s, e.g. 140-141).]:location:'
        '--note[Your note on it.]:text:'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_highlight_show() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':highlight:'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_highlight_edit() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':highlight:'
        '--text[The new text; '\''-'\'' reads it from stdin.]:text|-:'
        '--note[The new note ("" removes it).]:text:'
        '--chapter[The chapter it is in ("" removes it).]:chapter:'
        '--page[The page it is on, as printed ("" removes it).]:page:'
        '--location[Its location, e.g. 140-141 ("" removes it).]:location:'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_highlight_rm() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '*:highlights:'
        '(-y --yes)'{-y,--yes}'[Delete without asking.]'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_highlight_star() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '*:highlights:'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_highlight_unstar() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '*:highlights:'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_merge() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':keep:{__memo_custom_complete ---completion merge -- positional@0 "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        ':other:{__memo_custom_complete ---completion merge -- positional@1 "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_star() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '*:questions:{__memo_custom_complete ---completion star -- positional@0 "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_unstar() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '*:questions:{__memo_custom_complete ---completion unstar -- positional@0 "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_answer() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':question:{__memo_custom_complete ---completion answer -- positional@0 "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        ':text|-:'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_unanswer() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':question:{__memo_custom_complete ---completion unanswer -- positional@0 "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_fav() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '*:posts:{__memo_custom_complete ---completion fav -- positional@0 "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_unfav() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '*:posts:{__memo_custom_complete ---completion unfav -- positional@0 "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_favorites() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_category() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'list:List categories with their question counts.'
            'add:Add a category.'
            'rename:Rename a category; its questions follow.'
            'rm:Delete a category (refused while questions use it, unless --force).'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        list|add|rename|rm)
            "_memo_category_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_memo_category_list() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_category_add() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':name:'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_category_rename() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':old:{__memo_custom_complete ---completion category rename -- positional@0 "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        ':new:'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_category_rm() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':name:{__memo_custom_complete ---completion category rm -- positional@0 "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--force[Delete even when questions use it; they keep no category.]'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_filter() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'show:Show the current filter.'
            'set:Set the current filter (replacing the one before).'
            'clear:Remove the current filter (saved filters stay).'
            'save:Save the current filter under a name.'
            'use:Make a saved filter the current one.'
            'list:List saved filters.'
            'rm:Delete a saved filter.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        show|set|clear|save|use|list|rm)
            "_memo_filter_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_memo_filter_show() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_filter_set() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '--starred[Only starred questions.]'
        '--unstarred[Only questions without a star.]'
        '--answered[Only answered questions.]'
        '--unanswered[Only questions without an answer.]'
        '*--category[Only questions in this category (repeat for any of several).]:name:{__memo_custom_complete ---completion filter set -- --category "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--since[Only questions created at or after DATE.]:date:'
        '--until[Only questions created up to DATE.]:date:'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_filter_clear() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_filter_save() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':name:'
        '--force[Replace a saved filter of the same name.]'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_filter_use() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':name:{__memo_custom_complete ---completion filter use -- positional@0 "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_filter_list() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_filter_rm() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':name:{__memo_custom_complete ---completion filter rm -- positional@0 "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_export() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar arg_specs=(
        '--format[json, jsonl, csv or markdown (with --output DIR).]:format:'
        '(-o --output)'{-o,--output}'[Write to PATH ('\''-'\'' or none\: stdout).]:path:'
        '--since[Only what changed at or after DATE.]:date:'
        '--cursor[Export what changed since the last run under NAME, then remember this one.]:name:'
        '--force[Markdown\: overwrite files you edited since memo wrote them.]'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_import() {
    local -i ret=1
    local -ar ___summary_format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar ___color=('auto' 'always' 'never')
    local -ar arg_specs=(
        ':file|-:'
        '--format[json, jsonl, csv, kindle, goodreads, koreader, readwise, kobo or apple-books (default\: from the file'\''s extension or content).]:format:'
        '--dry-run[Report what would change; write nothing.]'
        '--strict[Kindle, KOReader, Readwise, Kobo, Apple Books\: a header or date memo cannot read is an error (exit 65, nothing imported) instead of a warning.]'
        '--json[Print the summary as a JSON object (the same as --summary-format json).]'
        '--summary-format[How the summary prints\: table, plain, json, jsonl, csv or tsv (default\: the sentence; --format names the file'\''s format).]:format:{__memo_complete "${___summary_format[@]}"}'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_search() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':query:'
        '--posts[Only posts.]'
        '--questions[Only questions.]'
        '--highlights[Only highlights.]'
        '--limit[Show at most N results (default\: 20).]:limit:'
        '--all[Show every result (no --limit).]'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_stats() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_review() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'session:Review what is due, one item at a time (the default).'
            'due:List what is due, lowest retrievability first.'
            'rate:Rate a question and print when it is due next.'
            'show:Show a question'\''s schedule and its ratings.'
            'config:Show or change how review schedules.'
            'digest:What is due today, as a few lines for cron or a login shell.'
            'export:Write the review log for the FSRS optimizer (fsrs-csv).'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        session|due|rate|show|config|digest|export)
            "_memo_review_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_memo_review_session() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '--starred[Only starred questions.]'
        '--unstarred[Only questions without a star.]'
        '--answered[Only answered questions.]'
        '--unanswered[Only questions without an answer.]'
        '*--category[Only questions in this category (repeat for any of several).]:name:{__memo_custom_complete ---completion review session -- --category "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--filter[Use this saved filter instead of the current one.]:name:{__memo_custom_complete ---completion review session -- --filter "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--all[Ignore the current filter (set with '\''memo filter set'\'').]'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_review_due() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '--at[Due at DATE (a day\: by its end; default\: now).]:date:'
        '--limit[Show at most N items.]:limit:'
        '--new[At most N items never rated before.]:new:'
        '--open[Only open questions (no answer yet).]'
        '--recall[Only answered questions (recall).]'
        '--highlights[Only highlights.]'
        '--starred[Only starred questions.]'
        '--unstarred[Only questions without a star.]'
        '--answered[Only answered questions.]'
        '--unanswered[Only questions without an answer.]'
        '*--category[Only questions in this category (repeat for any of several).]:name:{__memo_custom_complete ---completion review due -- --category "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--filter[Use this saved filter instead of the current one.]:name:{__memo_custom_complete ---completion review due -- --filter "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--all[Ignore the current filter (set with '\''memo filter set'\'').]'
        '--since[Only items created at or after DATE.]:date:'
        '--until[Only items created up to DATE.]:date:'
        '--post[Only this post'\''s questions and highlights.]:post:{__memo_custom_complete ---completion review due -- --post "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_review_rate() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':item:{__memo_custom_complete ---completion review rate -- positional@0 "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        ':rating:'
        '--at[When it was reviewed (default\: now).]:date:'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_review_show() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':item:{__memo_custom_complete ---completion review show -- positional@0 "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--at[Retrievability at DATE (default\: now; tomorrow and +30d look ahead).]:date:'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_review_config() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'show:Show the review settings: retention, steps, fuzz, highlights, weights.'
            'set:Set a review setting: any key '\''config show'\'' prints (retention, steps, fuzz, …).'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        show|set)
            "_memo_review_config_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_memo_review_config_show() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_review_config_set() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':key:'
        '*:value:'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_review_digest() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '--at[The day (default\: today).]:date:'
        '--limit[List at most N items (default\: 10).]:limit:'
        '--starred[Only starred questions.]'
        '--unstarred[Only questions without a star.]'
        '--answered[Only answered questions.]'
        '--unanswered[Only questions without an answer.]'
        '*--category[Only questions in this category (repeat for any of several).]:name:{__memo_custom_complete ---completion review digest -- --category "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--filter[Use this saved filter instead of the current one.]:name:{__memo_custom_complete ---completion review digest -- --filter "${current_word_index}" "$(__memo_cursor_index_in_current_word)"}'
        '--all[Ignore the current filter (set with '\''memo filter set'\'').]'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Only plain\: the digest is a few lines of text; '\''memo review due'\'' prints the others.]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_review_export() {
    local -i ret=1
    local -ar ___format=('fsrs-csv')
    local -ar ___color=('auto' 'always' 'never')
    local -ar arg_specs=(
        '--format[The format\: fsrs-csv (the only one).]:format:{__memo_complete "${___format[@]}"}'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_undo() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':count:'
        '--everywhere[Undo a sync round'\''s entry too, though the next '\''memo sync'\'' deletes or changes its records on the other devices.]'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_redo() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':count:'
        '--everywhere[Redo a sync round'\''s entry too, though the next '\''memo sync'\'' deletes or changes its records on the other devices.]'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_log() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '--limit[Show at most N entries.]:limit:'
        '--prune[Drop old entries (they can no longer be undone).]'
        '--keep[With --prune\: how many of the newest entries to keep (default\: 100).]:keep:'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_db() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'path:Print the database in use and why (--db, $MEMO_DB, $XDG_DATA_HOME or the default).'
            'check:Check the database: SQLite'\''s integrity check, foreign keys, memo'\''s own bookkeeping (exit 74 on a problem).'
            'backup:Copy the database to PATH, consistently, even while other memo processes write.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        path|check|backup)
            "_memo_db_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_memo_db_path() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_db_check() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--repair[Mend memo'\''s bookkeeping from the records first (deletion marks, search index).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_db_backup() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':path:'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_sync() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'round:Push this machine'\''s changes, apply the other machines'\'' (the default).'
            'init:Set up sync with a remote git repository and run a first round.'
            'status:Show the remote, this machine, the others, and what waits to be pushed.'
            'conflicts:List, restore or dismiss the values that lost a conflict.'
            'remote:Show the remote, or move to another (a moved disk, a renamed share).'
            'restore:Make a lost value the record'\''s again (the next round pushes it).'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        round|init|status|conflicts|remote|restore)
            "_memo_sync_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_memo_sync_round() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '--compact[Fold this machine'\''s change files on the remote into one snapshot.]'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_sync_init() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':remote:'
        '--name[This machine'\''s name (default\: the host name).]:name:'
        '--new-device[Sync this database as a new device (a restored backup, a copied memo.db).]'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_sync_status() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_sync_conflicts() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'list:List the conflicts: the record, the field, the value kept and the value lost.'
            'restore:Make a lost value the record'\''s again (the next round pushes it).'
            'dismiss:Forget a conflict, keeping the record as it is, on every machine.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        list|restore|dismiss)
            "_memo_sync_conflicts_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_memo_sync_conflicts_list() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_sync_conflicts_restore() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':id:'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_sync_conflicts_dismiss() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':id:'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_sync_remote() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':url:'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_sync_restore() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        ':id:'
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Output format\: table, plain, json, jsonl, csv or tsv (default\: table on a terminal, plain when piped).]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_browse() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___format=('table' 'plain' 'json' 'jsonl' 'csv' 'tsv')
    local -ar arg_specs=(
        '--db[The database file (default\: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).]:path:'
        '--color[Colour\: auto, always or never (auto honours NO_COLOR).]:color:{__memo_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only what scripts need (ids, data); no messages.]'
        '--format[Only table\: browse draws a screen; '\''memo list'\'' and '\''memo questions'\'' print the others.]:format:{__memo_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_memo_help() {
    local -i ret=1
    local -ar arg_specs=(
        '*:subcommands:'
        '--version[Show the version.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

if [[ "${funcstack[1]}" = _memo ]]; then
    _memo "${@}"
else
    compdef _memo memo
fi
