library(dplyr)
library(ggplot2)

df <- read.csv("sales.csv")
summary_df <- df %>%
  group_by(region) %>%
  summarise(total = sum(amount), n = n())

ggplot(summary_df, aes(x = region, y = total)) +
  geom_col()
