module Main where

import qualified Data.Map as Map
import Data.List (sortOn)

data Shape = Circle Double | Rect Double Double

area :: Shape -> Double
area (Circle r) = pi * r * r
area (Rect w h) = w * h

main :: IO ()
main = mapM_ (print . area) [Circle 1.0, Rect 2.0 3.0]
