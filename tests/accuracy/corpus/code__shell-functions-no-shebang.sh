# ~/.bashrc additions

export PATH="$HOME/.local/bin:$PATH"
alias ll='ls -alF'

mkcd() {
  mkdir -p "$1" && cd "$1"
}

for f in ~/.bashrc.d/*.sh; do
  [ -r "$f" ] && . "$f"
done
