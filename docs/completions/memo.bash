#!/bin/bash

__memo_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__memo_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__memo_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__memo_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_memo() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(--version -h --help)
    local -a repeating_options=()
    local -a non_repeating_options=()
    __memo_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    add|list|show|edit|rm|ask|questions|question|highlights|highlight|merge|star|unstar|answer|unanswer|fav|unfav|favorites|category|filter|export|import|search|stats|review|undo|redo|log|db|sync|browse|help)
        # Offer subcommand argument completions
        "_memo_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'add list show edit rm ask questions question highlights highlight merge star unstar answer unanswer fav unfav favorites category filter export import search stats review undo redo log db sync browse help' -- "${cur}"))
        ;;
    esac
}

_memo_add() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--author --body --source --db --color --format)
    __memo_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--author')
        return
        ;;
    '--body')
        return
        ;;
    '--source')
        return
        ;;
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_list() {
    repeating_flags=()
    non_repeating_flags=(--starred --unstarred --answered --unanswered --all --favorites --reverse -q --quiet --version -h --help)
    repeating_options=(--category)
    non_repeating_options=(--filter --author --sort --since --until --limit --offset --db --color --format)
    __memo_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--category')
        __memo_add_completions -W "$(__memo_custom_complete ---completion list -- --category "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    '--filter')
        __memo_add_completions -W "$(__memo_custom_complete ---completion list -- --filter "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    '--author')
        return
        ;;
    '--sort')
        __memo_add_completions -W 'created'$'\n''updated'$'\n''title'
        return
        ;;
    '--since')
        return
        ;;
    '--until')
        return
        ;;
    '--limit')
        return
        ;;
    '--offset')
        return
        ;;
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_show() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __memo_add_completions -W "$(__memo_custom_complete ---completion show -- positional@0 "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_memo_edit() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--title --author --body --source --from --db --color --format)
    __memo_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--title')
        return
        ;;
    '--author')
        return
        ;;
    '--body')
        return
        ;;
    '--source')
        return
        ;;
    '--from')
        return
        ;;
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __memo_add_completions -W "$(__memo_custom_complete ---completion edit -- positional@0 "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_memo_rm() {
    repeating_flags=()
    non_repeating_flags=(-y --yes -q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __memo_add_completions -W "$(__memo_custom_complete ---completion rm -- positional@0 "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_memo_ask() {
    repeating_flags=()
    non_repeating_flags=(--star -q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--highlight --category --db --color --format)
    __memo_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--highlight')
        return
        ;;
    '--category')
        __memo_add_completions -W "$(__memo_custom_complete ---completion ask -- --category "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __memo_add_completions -W "$(__memo_custom_complete ---completion ask -- positional@0 "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_memo_questions() {
    repeating_flags=()
    non_repeating_flags=(--starred --unstarred --answered --unanswered --all -q --quiet --version -h --help)
    repeating_options=(--category)
    non_repeating_options=(--filter --since --until --post --limit --offset --db --color --format)
    __memo_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--category')
        __memo_add_completions -W "$(__memo_custom_complete ---completion questions -- --category "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    '--filter')
        __memo_add_completions -W "$(__memo_custom_complete ---completion questions -- --filter "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    '--since')
        return
        ;;
    '--until')
        return
        ;;
    '--post')
        __memo_add_completions -W "$(__memo_custom_complete ---completion questions -- --post "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    '--limit')
        return
        ;;
    '--offset')
        return
        ;;
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_question() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __memo_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    show|edit|rm)
        # Offer subcommand argument completions
        "_memo_question_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'show edit rm' -- "${cur}"))
        ;;
    esac
}

_memo_question_show() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __memo_add_completions -W "$(__memo_custom_complete ---completion question show -- positional@0 "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_memo_question_edit() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--text --category --from --db --color --format)
    __memo_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--text')
        return
        ;;
    '--category')
        __memo_add_completions -W "$(__memo_custom_complete ---completion question edit -- --category "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    '--from')
        return
        ;;
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __memo_add_completions -W "$(__memo_custom_complete ---completion question edit -- positional@0 "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_memo_question_rm() {
    repeating_flags=()
    non_repeating_flags=(-y --yes -q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __memo_add_completions -W "$(__memo_custom_complete ---completion question rm -- positional@0 "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_memo_highlights() {
    repeating_flags=()
    non_repeating_flags=(--starred -q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--post --since --limit --db --color --format)
    __memo_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--post')
        __memo_add_completions -W "$(__memo_custom_complete ---completion highlights -- --post "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    '--since')
        return
        ;;
    '--limit')
        return
        ;;
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_highlight() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __memo_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    add|show|edit|rm|star|unstar)
        # Offer subcommand argument completions
        "_memo_highlight_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'add show edit rm star unstar' -- "${cur}"))
        ;;
    esac
}

_memo_highlight_add() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--chapter --page --location --note --db --color --format)
    __memo_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--chapter')
        return
        ;;
    '--page')
        return
        ;;
    '--location')
        return
        ;;
    '--note')
        return
        ;;
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __memo_add_completions -W "$(__memo_custom_complete ---completion highlight add -- positional@0 "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_memo_highlight_show() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_highlight_edit() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--text --note --chapter --page --location --db --color --format)
    __memo_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--text')
        return
        ;;
    '--note')
        return
        ;;
    '--chapter')
        return
        ;;
    '--page')
        return
        ;;
    '--location')
        return
        ;;
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_highlight_rm() {
    repeating_flags=()
    non_repeating_flags=(-y --yes -q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_highlight_star() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_highlight_unstar() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_merge() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __memo_add_completions -W "$(__memo_custom_complete ---completion merge -- positional@0 "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    2)
        __memo_add_completions -W "$(__memo_custom_complete ---completion merge -- positional@1 "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_memo_star() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __memo_add_completions -W "$(__memo_custom_complete ---completion star -- positional@0 "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_memo_unstar() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __memo_add_completions -W "$(__memo_custom_complete ---completion unstar -- positional@0 "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_memo_answer() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __memo_add_completions -W "$(__memo_custom_complete ---completion answer -- positional@0 "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_memo_unanswer() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __memo_add_completions -W "$(__memo_custom_complete ---completion unanswer -- positional@0 "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_memo_fav() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __memo_add_completions -W "$(__memo_custom_complete ---completion fav -- positional@0 "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_memo_unfav() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __memo_add_completions -W "$(__memo_custom_complete ---completion unfav -- positional@0 "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_memo_favorites() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_category() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __memo_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|add|rename|rm)
        # Offer subcommand argument completions
        "_memo_category_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list add rename rm' -- "${cur}"))
        ;;
    esac
}

_memo_category_list() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_category_add() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_category_rename() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __memo_add_completions -W "$(__memo_custom_complete ---completion category rename -- positional@0 "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_memo_category_rm() {
    repeating_flags=()
    non_repeating_flags=(--force -q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __memo_add_completions -W "$(__memo_custom_complete ---completion category rm -- positional@0 "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_memo_filter() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __memo_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    show|set|clear|save|use|list|rm)
        # Offer subcommand argument completions
        "_memo_filter_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'show set clear save use list rm' -- "${cur}"))
        ;;
    esac
}

_memo_filter_show() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_filter_set() {
    repeating_flags=()
    non_repeating_flags=(--starred --unstarred --answered --unanswered -q --quiet --version -h --help)
    repeating_options=(--category)
    non_repeating_options=(--since --until --db --color --format)
    __memo_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--category')
        __memo_add_completions -W "$(__memo_custom_complete ---completion filter set -- --category "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    '--since')
        return
        ;;
    '--until')
        return
        ;;
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_filter_clear() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_filter_save() {
    repeating_flags=()
    non_repeating_flags=(--force -q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_filter_use() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __memo_add_completions -W "$(__memo_custom_complete ---completion filter use -- positional@0 "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_memo_filter_list() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_filter_rm() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __memo_add_completions -W "$(__memo_custom_complete ---completion filter rm -- positional@0 "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_memo_export() {
    repeating_flags=()
    non_repeating_flags=(--force -q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--format -o --output --since --cursor --db --color)
    __memo_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--format')
        return
        ;;
    '-o'|'--output')
        return
        ;;
    '--since')
        return
        ;;
    '--cursor')
        return
        ;;
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    esac
}

_memo_import() {
    repeating_flags=()
    non_repeating_flags=(--dry-run --strict --json -q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--format --summary-format --db --color)
    __memo_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--format')
        return
        ;;
    '--summary-format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    esac
}

_memo_search() {
    repeating_flags=()
    non_repeating_flags=(--posts --questions --highlights --all -q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--limit --db --color --format)
    __memo_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--limit')
        return
        ;;
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_stats() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_review() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __memo_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    session|due|rate|show|config|digest|export)
        # Offer subcommand argument completions
        "_memo_review_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'session due rate show config digest export' -- "${cur}"))
        ;;
    esac
}

_memo_review_session() {
    repeating_flags=()
    non_repeating_flags=(--starred --unstarred --answered --unanswered --all -q --quiet --version -h --help)
    repeating_options=(--category)
    non_repeating_options=(--filter --db --color --format)
    __memo_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--category')
        __memo_add_completions -W "$(__memo_custom_complete ---completion review session -- --category "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    '--filter')
        __memo_add_completions -W "$(__memo_custom_complete ---completion review session -- --filter "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_review_due() {
    repeating_flags=()
    non_repeating_flags=(--open --recall --highlights --starred --unstarred --answered --unanswered --all -q --quiet --version -h --help)
    repeating_options=(--category)
    non_repeating_options=(--at --limit --new --filter --since --until --post --db --color --format)
    __memo_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--at')
        return
        ;;
    '--limit')
        return
        ;;
    '--new')
        return
        ;;
    '--category')
        __memo_add_completions -W "$(__memo_custom_complete ---completion review due -- --category "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    '--filter')
        __memo_add_completions -W "$(__memo_custom_complete ---completion review due -- --filter "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    '--since')
        return
        ;;
    '--until')
        return
        ;;
    '--post')
        __memo_add_completions -W "$(__memo_custom_complete ---completion review due -- --post "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_review_rate() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--at --db --color --format)
    __memo_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--at')
        return
        ;;
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __memo_add_completions -W "$(__memo_custom_complete ---completion review rate -- positional@0 "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_memo_review_show() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--at --db --color --format)
    __memo_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--at')
        return
        ;;
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __memo_add_completions -W "$(__memo_custom_complete ---completion review show -- positional@0 "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_memo_review_config() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __memo_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    show|set)
        # Offer subcommand argument completions
        "_memo_review_config_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'show set' -- "${cur}"))
        ;;
    esac
}

_memo_review_config_show() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_review_config_set() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_review_digest() {
    repeating_flags=()
    non_repeating_flags=(--starred --unstarred --answered --unanswered --all -q --quiet --version -h --help)
    repeating_options=(--category)
    non_repeating_options=(--at --limit --filter --db --color --format)
    __memo_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--at')
        return
        ;;
    '--limit')
        return
        ;;
    '--category')
        __memo_add_completions -W "$(__memo_custom_complete ---completion review digest -- --category "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    '--filter')
        __memo_add_completions -W "$(__memo_custom_complete ---completion review digest -- --filter "${COMP_CWORD}" "$(__memo_cursor_index_in_current_word)")"
        return
        ;;
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_review_export() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--format --db --color)
    __memo_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--format')
        __memo_add_completions -W 'fsrs-csv'
        return
        ;;
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    esac
}

_memo_undo() {
    repeating_flags=()
    non_repeating_flags=(--everywhere -q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_redo() {
    repeating_flags=()
    non_repeating_flags=(--everywhere -q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_log() {
    repeating_flags=()
    non_repeating_flags=(--prune -q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--limit --keep --db --color --format)
    __memo_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--limit')
        return
        ;;
    '--keep')
        return
        ;;
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_db() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __memo_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    path|check|backup)
        # Offer subcommand argument completions
        "_memo_db_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'path check backup' -- "${cur}"))
        ;;
    esac
}

_memo_db_path() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_db_check() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --repair --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_db_backup() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_sync() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __memo_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    round|init|status|conflicts|remote|restore)
        # Offer subcommand argument completions
        "_memo_sync_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'round init status conflicts remote restore' -- "${cur}"))
        ;;
    esac
}

_memo_sync_round() {
    repeating_flags=()
    non_repeating_flags=(--compact -q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_sync_init() {
    repeating_flags=()
    non_repeating_flags=(--new-device -q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--name --db --color --format)
    __memo_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--name')
        return
        ;;
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_sync_status() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_sync_conflicts() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __memo_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|restore|dismiss)
        # Offer subcommand argument completions
        "_memo_sync_conflicts_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list restore dismiss' -- "${cur}"))
        ;;
    esac
}

_memo_sync_conflicts_list() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_sync_conflicts_restore() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_sync_conflicts_dismiss() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_sync_remote() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_sync_restore() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_browse() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --color --format)
    __memo_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--color')
        __memo_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--format')
        __memo_add_completions -W 'table'$'\n''plain'$'\n''json'$'\n''jsonl'$'\n''csv'$'\n''tsv'
        return
        ;;
    esac
}

_memo_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __memo_offer_flags_options -1
}

complete -o filenames -F _memo memo
