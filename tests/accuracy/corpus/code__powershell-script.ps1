param(
    [string]$Path = "C:\Logs",
    [int]$Days = 30
)

$cutoff = (Get-Date).AddDays(-$Days)
Get-ChildItem -Path $Path -Filter *.log |
    Where-Object { $_.LastWriteTime -lt $cutoff } |
    Remove-Item -WhatIf

function Get-Size($p) {
    return (Get-ChildItem $p -Recurse | Measure-Object Length -Sum).Sum
}
