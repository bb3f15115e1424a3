_toolkit_complete() {
    local cur prev
    cur="${COMP_WORDS[COMP_CWORD]}"
    prev="${COMP_WORDS[COMP_CWORD-1]}"
    case "$prev" in
        deploy) COMPREPLY=( $(compgen -W "staging production" -- "$cur") ) ;;
        *) COMPREPLY=( $(compgen -W "build deploy status" -- "$cur") ) ;;
    esac
}
complete -F _toolkit_complete toolkit
